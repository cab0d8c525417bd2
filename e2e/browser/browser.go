// Package browser starts headless Chromium for the end-to-end tests and the
// benchmarks so that it talks to 127.0.0.1 only, its own traffic included.
//
// Chromium reaches out on its own (component updates, autofill, sign-in,
// optimization hints, translate, domain reliability); the flags here turn
// those services off, and a proxy setting sends whatever is left to a Trap on
// 127.0.0.1, a listener that counts the connections and answers none.
// Loopback stays direct: Chromium never proxies localhost, 127.0.0.0/8 or
// [::1] unless the bypass list says <-loopback>, which is why that rule is
// not used here (it would send the site itself to the trap).
package browser

import (
	"bufio"
	"context"
	"net"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/chromedp"
)

// Find returns the path of an installed Chrome or Chromium, or "" if there is none.
func Find() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	for _, p := range []string{"/usr/bin/chromium", "/usr/bin/google-chrome"} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return ""
}

// disabledFeatures are Chromium features that call Google services. The
// list replaces chromedp's default disable-features value, so it keeps that
// value's entries too (Translate, BlinkGenPropertyTrees).
var disabledFeatures = []string{
	"AutofillServerCommunication",
	"Translate",
	"BlinkGenPropertyTrees",
	"OptimizationHints",
	"OptimizationHintsFetching",
	"OptimizationGuideModelDownloading",
	"OptimizationTargetPrediction",
	"MediaRouter",
	"DialMediaRouteProvider",
	"CertificateTransparencyComponentUpdater",
	"InterestFeedContentSuggestions",
	"PrivacySandboxSettings4",
	"NetworkTimeServiceQuerying", // the time, from clients2.google.com
}

// Refused is a loopback address where nothing listens (port 1, tcpmux, is
// privileged and unused): a connection there is refused by the kernel.
const Refused = "http://127.0.0.1:1/"

// Options are the allocator options for a headless Chromium at exe, with its
// profile in the fresh directory userDataDir, and every connection that is
// not to loopback sent to the proxy at proxyAddr (a Trap's Addr).
func Options(exe, userDataDir, proxyAddr string) []chromedp.ExecAllocatorOption {
	return append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe),
		chromedp.Headless,
		chromedp.NoSandbox, // Chromium as root needs it
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(userDataDir),
		chromedp.WindowSize(1280, 1000),
		chromedp.Flag("disable-features", strings.Join(disabledFeatures, ",")),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-domain-reliability", true),
		chromedp.Flag("disable-client-side-phishing-detection", true),
		chromedp.Flag("disable-default-apps", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("no-pings", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("metrics-recording-only", true),
		chromedp.Flag("safebrowsing-disable-auto-update", true),
		chromedp.Flag("force-webrtc-ip-handling-policy", "disable_non_proxied_udp"),
		// Two services no switch or preference turns off in Chromium 156
		// (tried: --allow-browser-signin=false, signin.allowed, the
		// component update and on-device model preferences, incognito):
		// the sign-in cookie check (POST accounts.google.com/ListAccounts,
		// on every navigation) and the on-device model manifest update
		// (update.googleapis.com). Their servers are set to a loopback
		// port where nothing listens, so they fail at once on this machine.
		chromedp.Flag("gaia-url", Refused),
		chromedp.Flag("component-updater", "url-source="+Refused),
		chromedp.ProxyServer("http://"+proxyAddr),
	)
}

// Trap is a closed port on 127.0.0.1: it accepts connections, records the
// first line each one sends (for a proxy, "CONNECT host:443 HTTP/1.1" or
// "GET http://host/ HTTP/1.1"), and closes it without an answer.
type Trap struct {
	ln    net.Listener
	mu    sync.Mutex
	lines []string
	wg    sync.WaitGroup
}

// NewTrap listens on a free port of 127.0.0.1.
func NewTrap() (*Trap, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	t := &Trap{ln: ln}
	t.wg.Add(1)
	go t.accept()
	return t, nil
}

func (t *Trap) accept() {
	defer t.wg.Done()
	for {
		c, err := t.ln.Accept()
		if err != nil {
			return
		}
		c.SetReadDeadline(time.Now().Add(2 * time.Second))
		line, _ := bufio.NewReader(c).ReadString('\n')
		c.Close()
		t.mu.Lock()
		t.lines = append(t.lines, strings.TrimSpace(line))
		t.mu.Unlock()
	}
}

// Addr is the trap's host:port.
func (t *Trap) Addr() string { return t.ln.Addr().String() }

// Seen returns the first line of every connection so far (empty when the
// client sent nothing before the trap closed it).
func (t *Trap) Seen() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]string(nil), t.lines...)
}

// Close stops listening.
func (t *Trap) Close() error {
	err := t.ln.Close()
	t.wg.Wait()
	return err
}

// Start starts Chromium at exe with Options, and any extra ones, and a new
// tab. The browser runs on its own context, not under a caller's timeout,
// so that it lives until stop is called; stop also removes nothing
// (userDataDir is the caller's).
func Start(exe, userDataDir, proxyAddr string, extra ...chromedp.ExecAllocatorOption) (ctx context.Context, stop func(), err error) {
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), append(Options(exe, userDataDir, proxyAddr), extra...)...)
	ctx, cancel := chromedp.NewContext(actx)
	stop = func() { cancel(); cancelA() }
	if err := chromedp.Do(ctx); err != nil {
		stop()
		return nil, nil, err
	}
	return ctx, stop, nil
}
