package renderer

import (
	"errors"
	"io/fs"
	"mime"
	"net/url"
	"path"
	"sort"
	"strings"
	"sync"
)

// assets answers the page's requests to Origin from an fs.FS, caching file bodies in memory
// (asset sets are small and never change while the pool runs).
type assets struct {
	fsys fs.FS

	mu    sync.RWMutex
	cache map[string]asset
}

type asset struct {
	body        []byte
	contentType string
	found       bool
}

func newAssets(fsys fs.FS) *assets {
	return &assets{fsys: fsys, cache: make(map[string]asset)}
}

// lookup resolves a request URL. internal is false for any URL outside Origin (the request
// must be blocked); found is false for a missing file (the request gets a 404).
func (a *assets) lookup(rawURL string) (body []byte, contentType string, internal, found bool) {
	u, err := url.Parse(rawURL)
	if err != nil || u.Scheme != "https" || u.Host != strings.TrimPrefix(Origin, "https://") || u.User != nil {
		return nil, "", false, false
	}
	if u.Path == stagePath {
		return stageHTML, "text/html; charset=utf-8", true, true
	}
	name := strings.TrimPrefix(path.Clean("/"+u.Path), "/")
	if !fs.ValidPath(name) || name == "." || a.fsys == nil {
		return nil, "", true, false
	}
	a.mu.RLock()
	c, ok := a.cache[name]
	a.mu.RUnlock()
	if !ok {
		b, err := fs.ReadFile(a.fsys, name)
		c = asset{body: b, contentType: typeOf(name), found: err == nil}
		if err == nil || errors.Is(err, fs.ErrNotExist) {
			a.mu.Lock()
			a.cache[name] = c
			a.mu.Unlock()
		}
	}
	return c.body, c.contentType, true, c.found
}

// preloadList lists the fonts and style sheets of the FS that stage pages load ahead of any
// render: every font (woff2, woff, ttf, otf) and .css file up to maxPreloadSize bytes.
func (a *assets) preloadList(explicit []string) (fonts, sheets []string) {
	add := func(name string) {
		u := Origin + "/" + strings.TrimPrefix(name, "/")
		switch strings.ToLower(path.Ext(name)) {
		case ".woff2", ".woff", ".ttf", ".otf":
			fonts = append(fonts, u)
		case ".css":
			sheets = append(sheets, u)
		}
	}
	if explicit != nil {
		for _, name := range explicit {
			add(name)
		}
		return fonts, sheets
	}
	if a.fsys == nil {
		return nil, nil
	}
	_ = fs.WalkDir(a.fsys, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		if info, err := d.Info(); err == nil && info.Size() <= maxPreloadSize {
			add(name)
		}
		return nil
	})
	sort.Strings(fonts)
	sort.Strings(sheets)
	return fonts, sheets
}

// maxPreloadSize keeps big files (CJK fonts are 10-20 MB) out of the default preload list;
// pages still load them on demand.
const maxPreloadSize = 4 << 20

var contentTypes = map[string]string{
	".woff2": "font/woff2",
	".woff":  "font/woff",
	".ttf":   "font/ttf",
	".otf":   "font/otf",
	".css":   "text/css; charset=utf-8",
	".js":    "text/javascript; charset=utf-8",
	".mjs":   "text/javascript; charset=utf-8",
	".json":  "application/json",
	".html":  "text/html; charset=utf-8",
	".svg":   "image/svg+xml",
	".png":   "image/png",
	".jpg":   "image/jpeg",
	".jpeg":  "image/jpeg",
	".webp":  "image/webp",
	".gif":   "image/gif",
	".txt":   "text/plain; charset=utf-8",
	".wasm":  "application/wasm",
}

func typeOf(name string) string {
	ext := strings.ToLower(path.Ext(name))
	if t, ok := contentTypes[ext]; ok {
		return t
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return "application/octet-stream"
}
