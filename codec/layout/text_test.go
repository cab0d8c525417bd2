package layout

import (
	"strconv"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestTexts(t *testing.T) {
	for _, n := range []int{0, 1, 2, 1023, 1024, 70000} {
		s := strconv.Itoa(n)
		assert.Equal(t, s, Itoa(int64(n)))
		assert.Equal(t, s+" bytes", SizeText(n))
		assert.Equal(t, s+" (compact, n+1)", CompactLengthText(uint32(n)))
		if n != 1 {
			assert.Equal(t, s+" elements", ElementsText(n))
		}
	}
	assert.Equal(t, "1 element", ElementsText(1))
	assert.Equal(t, "-1", Itoa(-1))
	assert.Equal(t, "-2", Itoa(-2))
	assert.Equal(t, "-3 bytes", SizeText(-3))

	for _, i := range []int{0, 7, 255, 256, 1000} {
		key, name := ElementName("Topic", i)
		assert.Equal(t, strconv.Itoa(i), key)
		assert.Equal(t, "Topic["+strconv.Itoa(i)+"]", name)
		assert.Equal(t, "records."+strconv.Itoa(i), Prefixed("records.", i))
	}
	assert.Equal(t, "headers.-1", Prefixed("headers.", -1))
}

// TestTextsShared: the common texts are made once, not per call.
func TestTextsShared(t *testing.T) {
	ElementName("Partition", 3) // fill the cache
	allocs := testing.AllocsPerRun(100, func() {
		ElementName("Partition", 3)
		Prefixed("records.", 9)
		SizeText(500)
		ElementsText(12)
		CompactLengthText(13)
		Itoa(1000)
	})
	assert.Zero(t, allocs)
}

// TestCacheBound: a cache keeps at most cacheKeys keys and still answers
// every key past the bound, by making its value each time.
func TestCacheBound(t *testing.T) {
	var c Cache[string, string]
	made := 0
	get := func(k string) string {
		return c.Get(k, func(k string) string { made++; return "v" + k })
	}
	for i := 0; i < cacheKeys+100; i++ {
		assert.Equal(t, "v"+strconv.Itoa(i), get(strconv.Itoa(i)))
	}
	assert.Equal(t, cacheKeys, c.Len())
	assert.Equal(t, cacheKeys+100, made)

	get("0") // kept: not made again
	assert.Equal(t, cacheKeys+100, made)
	over := strconv.Itoa(cacheKeys + 50)
	assert.Equal(t, "v"+over, get(over)) // past the bound: made again, not kept
	assert.Equal(t, cacheKeys+101, made)
	assert.Equal(t, cacheKeys, c.Len())
}

// The shared texts are filled on first use from any goroutine (the CLI and
// tests decode concurrently); run with -race to check the lock.
func TestTextCacheConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			typ := "Concurrent" + strconv.Itoa(g%3)
			for i := 0; i < 300; i++ {
				if _, name := ElementName(typ, i); name != typ+"["+strconv.Itoa(i)+"]" {
					t.Errorf("got %s", name)
				}
				if p := Prefixed(typ+".", i); p != typ+"."+strconv.Itoa(i) {
					t.Errorf("got %s", p)
				}
			}
		}(g)
	}
	wg.Wait()
}
