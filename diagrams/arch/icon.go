package arch

import (
	"fmt"

	"github.com/brandgen/brandgen/diagrams/arch/icons"
)

// useIcon draws ic in the box (x, y, size x size), defining its symbol once per drawing. color is
// the ink of line icons; onDark recolours near-black logo ink (GitHub, the AWS wordmark) to it.
func (d *drawer) useIcon(ic icons.Icon, x, y, size float64, color string, onDark bool) string {
	key := ic.Name
	body := ic.Body
	if onDark && ic.Dark {
		key += "|ink"
		body = ic.Ink()
	}
	id, ok := d.cv.icons[key]
	if !ok {
		id = d.cv.newID("icon")
		d.cv.icons[key] = id
		// Ids inside an icon (its gradients) are prefixed with the symbol's own id.
		body = prefixIDs(body, id+"-")
		fmt.Fprintf(&d.cv.defs, `<symbol id="%s" viewBox="0 0 %d %d">%s</symbol>`, id, ic.Width, ic.Height, body)
	}
	// The icon fits the square box, centred (wide wordmarks come out flatter, never wider).
	w, h := size, size
	if ic.Width > ic.Height {
		h = size * float64(ic.Height) / float64(ic.Width)
	} else if ic.Height > ic.Width {
		w = size * float64(ic.Width) / float64(ic.Height)
	}
	return fmt.Sprintf(`<use href="#%s" x="%s" y="%s" width="%s" height="%s" color="%s"/>`,
		id, num(x+(size-w)/2), num(y+(size-h)/2), num(w), num(h), color)
}
