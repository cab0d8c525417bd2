package layout

import (
	"strconv"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestItoa(t *testing.T) {
	for _, n := range []int64{-2, -1, 0, 1, 9, 10, 1023, 1024, 1 << 40, -1 << 40} {
		assert.Equal(t, strconv.FormatInt(n, 10), Itoa(n))
	}
	assert.Equal(t, 0.0, testing.AllocsPerRun(100, func() { _ = Itoa(1023) }), "small values are shared")
}

func TestElementName(t *testing.T) {
	for _, i := range []int{0, 7, 255, 256, 100000} {
		key, name := ElementName("Topic", i)
		assert.Equal(t, strconv.Itoa(i), key)
		assert.Equal(t, "Topic["+strconv.Itoa(i)+"]", name)
	}
	_, other := ElementName("Partition", 3)
	assert.Equal(t, "Partition[3]", other, "one list per element type")
	ElementName("Topic", 1)
	assert.Equal(t, 0.0, testing.AllocsPerRun(100, func() { ElementName("Topic", 200) }), "the first elements' names are shared")
}

func TestPrefixed(t *testing.T) {
	for _, i := range []int{-1, 0, 7, 255, 256, 4096} {
		assert.Equal(t, "records."+strconv.Itoa(i), Prefixed("records.", i))
	}
	assert.Equal(t, "headers.3", Prefixed("headers.", 3))
	assert.Equal(t, 0.0, testing.AllocsPerRun(100, func() { Prefixed("records.", 9) }))
}

func TestSizeText(t *testing.T) {
	for _, n := range []int{-1, 0, 1, 1023, 1024, 1 << 30} {
		assert.Equal(t, strconv.Itoa(n)+" bytes", SizeText(n))
	}
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
