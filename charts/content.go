package charts

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Chart types.
const (
	TypeBar   = "bar"
	TypeLine  = "line"
	TypeDonut = "donut"
	TypeKPI   = "kpi"
)

// Types lists the chart types in the order the API documents them.
var Types = []string{TypeBar, TypeLine, TypeDonut, TypeKPI}

// Delta directions of a KPI tile.
const (
	DirectionUp   = "up"
	DirectionDown = "down"
	DirectionFlat = "flat"
)

// Limits of the content, shared with the pattern's JSON schema (see the struct tags).
const (
	MinSeries = 2
	MaxSeries = 12
	MinSlices = 2
	MaxSlices = 8
	MinTiles  = 1
	MaxTiles  = 6
)

// Content is what a chart shows: the content object of the chart pattern, and the top-level
// fields of POST /chart. The jsonschema tags feed the pattern catalog's schema.
type Content struct {
	ChartType string         `json:"chartType" jsonschema:"enum=bar,enum=line,enum=donut,enum=kpi" jsonschema_description:"bar, line, donut or kpi. bar and line take series, donut takes slices, kpi takes tiles."`
	Title     string         `json:"title,omitempty" jsonschema:"maxLength=120" jsonschema_description:"Headline drawn above the chart."`
	Subtitle  string         `json:"subtitle,omitempty" jsonschema:"maxLength=240" jsonschema_description:"Sub-headline drawn under the title."`
	Unit      string         `json:"unit,omitempty" jsonschema:"maxLength=16" jsonschema_description:"Unit of the values: a currency symbol ($, €, £, ¥) is put before numbers, % and short units after them, longer units label the axis."`
	Series    []Point        `json:"series,omitempty" jsonschema:"minItems=2,maxItems=12" jsonschema_description:"bar and line only: 2 to 12 points, in order."`
	Slices    []Point        `json:"slices,omitempty" jsonschema:"minItems=2,maxItems=8" jsonschema_description:"donut only: 2 to 8 slices with values of 0 or more."`
	Tiles     []Tile         `json:"tiles,omitempty" jsonschema:"minItems=1,maxItems=6" jsonschema_description:"kpi only: 1 to 6 tiles."`
	Palette   *PaletteColors `json:"palette,omitempty" jsonschema_description:"Hex colour overrides for this chart only."`
}

// Point is one labelled value of a series or one slice of a donut.
type Point struct {
	Label string  `json:"label" jsonschema:"maxLength=60" jsonschema_description:"Category or slice name."`
	Value float64 `json:"value" jsonschema_description:"The number."`
}

// Tile is one KPI tile. Value and Delta accept a JSON string or number on input and are kept as
// strings, so "$1.2M" and 1200000 are both fine.
type Tile struct {
	Value          string `json:"value" jsonschema:"minLength=1,maxLength=24" jsonschema_description:"The figure: a number, or a formatted string like \"$1.2M\" or \"98.6%\"."`
	Label          string `json:"label" jsonschema:"maxLength=60" jsonschema_description:"What the figure measures."`
	Delta          string `json:"delta,omitempty" jsonschema:"maxLength=24" jsonschema_description:"Change against a previous period, like \"+12%\" or -3.4."`
	DeltaDirection string `json:"deltaDirection,omitempty" jsonschema:"enum=up,enum=down,enum=flat" jsonschema_description:"up, down or flat: whether the change is read as up (good) or down; it colours the delta, and points the arrow of a delta without its own sign. Omitted: derived from the sign of delta."`
}

// PaletteColors are hex colour overrides ("#RGB" or "#RRGGBB") for one chart.
type PaletteColors struct {
	Primary   string `json:"primary,omitempty" jsonschema:"pattern=^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$" jsonschema_description:"First series colour."`
	Secondary string `json:"secondary,omitempty" jsonschema:"pattern=^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$" jsonschema_description:"Second series colour and accents."`
	Bg        string `json:"bg,omitempty" jsonschema:"pattern=^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$" jsonschema_description:"Background colour."`
}

// UnmarshalJSON accepts value and delta as a JSON string or number; numbers are kept as written.
func (t *Tile) UnmarshalJSON(data []byte) error {
	var raw struct {
		Value          json.RawMessage `json:"value"`
		Label          string          `json:"label"`
		Delta          json.RawMessage `json:"delta"`
		DeltaDirection string          `json:"deltaDirection"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	value, err := stringOrNumber(raw.Value)
	if err != nil {
		return fmt.Errorf("tile value: %w", err)
	}
	delta, err := stringOrNumber(raw.Delta)
	if err != nil {
		return fmt.Errorf("tile delta: %w", err)
	}
	*t = Tile{Value: value, Label: raw.Label, Delta: delta, DeltaDirection: raw.DeltaDirection}
	return nil
}

func stringOrNumber(raw json.RawMessage) (string, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return "", nil
	}
	switch raw[0] {
	case '"':
		var s string
		err := json.Unmarshal(raw, &s)
		return s, err
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		var n json.Number
		if err := json.Unmarshal(raw, &n); err != nil {
			return "", err
		}
		return n.String(), nil
	}
	return "", fmt.Errorf("want a string or a number, got %s", raw)
}

// Direction is the tile's delta direction: DeltaDirection when set, else derived from the sign of
// Delta (a leading + or -, arrows, or the sign of the number; zero or no number is flat).
func (t Tile) Direction() string {
	switch strings.ToLower(strings.TrimSpace(t.DeltaDirection)) {
	case DirectionUp:
		return DirectionUp
	case DirectionDown:
		return DirectionDown
	case DirectionFlat:
		return DirectionFlat
	}
	return directionOf(t.Delta)
}

// Arrow is the way the tile's delta mark points. A delta with its own sign or arrow ("-0.4pp",
// "+12%", "▼ 3") points the way it says, whatever DeltaDirection is: DeltaDirection then only picks
// the colour (churn "-0.4pp" with deltaDirection "up" is a green down arrow: down, and good). A
// delta without one (a bare magnitude such as "12%", or none) points as Direction.
func (t Tile) Arrow() string {
	s := strings.TrimSpace(t.Delta)
	r, _ := utf8.DecodeRuneInString(s)
	switch r {
	case '▲', '↑', '⬆', '△', '↗', '▼', '↓', '⬇', '▽', '↘', '+', '-', '−', '–', '—':
		return directionOf(s)
	}
	return t.Direction()
}

func directionOf(delta string) string {
	s := strings.TrimSpace(delta)
	if s == "" {
		return DirectionFlat
	}
	r, size := utf8.DecodeRuneInString(s)
	switch r {
	case '▲', '↑', '⬆', '△', '↗':
		return DirectionUp
	case '▼', '↓', '⬇', '▽', '↘':
		return DirectionDown
	case '+', '-', '−', '–', '—':
		n, ok := leadingNumber(s[size:])
		if ok && n == 0 {
			return DirectionFlat
		}
		if r == '+' {
			return DirectionUp
		}
		return DirectionDown
	}
	n, ok := leadingNumber(s)
	switch {
	case !ok || n == 0:
		return DirectionFlat
	case n > 0:
		return DirectionUp
	default:
		return DirectionDown
	}
}

// leadingNumber reads the first number in s, skipping currency signs and spaces before it:
// "12.5%" -> 12.5, "$1,200" -> 1200, "abc" -> false.
func leadingNumber(s string) (float64, bool) {
	s = strings.TrimLeftFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || unicode.Is(unicode.Sc, r)
	})
	end := 0
	for end < len(s) {
		c := s[end]
		if (c >= '0' && c <= '9') || c == '.' || c == ',' {
			end++
			continue
		}
		break
	}
	digits := strings.ReplaceAll(s[:end], ",", "")
	if digits == "" || digits == "." {
		return 0, false
	}
	n, err := strconv.ParseFloat(digits, 64)
	if err != nil {
		return 0, false
	}
	return n, true
}
