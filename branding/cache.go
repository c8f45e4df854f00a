package branding

import (
	"container/list"
	"sync"
	"time"
)

// logoCache is an LRU of fetched logos keyed by URL, bounded by entry count and total bytes, whose
// entries expire after a TTL. Failures are cached too, for a shorter time, so a batch of renders
// with a dead logo URL does not wait out the timeout once per item.
type logoCache struct {
	mu         sync.Mutex
	maxEntries int
	maxBytes   int
	bytes      int
	order      *list.List // front: most recently used; values are *cacheEntry
	entries    map[string]*list.Element
}

type cacheEntry struct {
	key     string
	uri     string // data URI, when the fetch succeeded
	err     error  // the fetch's error, when it failed
	expires time.Time
}

func newLogoCache(maxEntries, maxBytes int) *logoCache {
	return &logoCache{
		maxEntries: maxEntries,
		maxBytes:   maxBytes,
		order:      list.New(),
		entries:    make(map[string]*list.Element),
	}
}

// get returns the cached result for key when present and not expired.
func (c *logoCache) get(key string, now time.Time) (uri string, err error, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, found := c.entries[key]
	if !found {
		return "", nil, false
	}
	e := el.Value.(*cacheEntry)
	if !now.Before(e.expires) {
		c.remove(el)
		return "", nil, false
	}
	c.order.MoveToFront(el)
	return e.uri, e.err, true
}

// put stores a result, evicting the least recently used entries beyond the bounds. A result larger
// than the byte bound is not stored.
func (c *logoCache) put(key, uri string, err error, expires time.Time) {
	if c.maxEntries <= 0 || len(uri) > c.maxBytes {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, found := c.entries[key]; found {
		c.remove(el)
	}
	el := c.order.PushFront(&cacheEntry{key: key, uri: uri, err: err, expires: expires})
	c.entries[key] = el
	c.bytes += len(uri)
	for c.order.Len() > c.maxEntries || c.bytes > c.maxBytes {
		c.remove(c.order.Back())
	}
}

func (c *logoCache) remove(el *list.Element) {
	e := c.order.Remove(el).(*cacheEntry)
	delete(c.entries, e.key)
	c.bytes -= len(e.uri)
}

func (c *logoCache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}
