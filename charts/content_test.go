package charts

import (
	"encoding/json"
	"testing"
)

func TestTileUnmarshalStringOrNumber(t *testing.T) {
	tests := []struct {
		in        string
		value     string
		delta     string
		direction string
		wantErr   bool
	}{
		{`{"value":"$1.2M","label":"ARR","delta":"+12%"}`, "$1.2M", "+12%", "", false},
		{`{"value":1234567,"label":"Views","delta":-3.5}`, "1234567", "-3.5", "", false},
		{`{"value":0.25,"label":"Rate","delta":0}`, "0.25", "0", "", false},
		{`{"value":"12","label":"x","delta":null,"deltaDirection":"up"}`, "12", "", "up", false},
		{`{"value":1e6,"label":"x"}`, "1e6", "", "", false},
		{`{"value":true,"label":"x"}`, "", "", "", true},
		{`{"value":{"a":1},"label":"x"}`, "", "", "", true},
		{`{"value":"1","label":"x","delta":[1]}`, "", "", "", true},
	}
	for _, tt := range tests {
		var tile Tile
		err := json.Unmarshal([]byte(tt.in), &tile)
		if (err != nil) != tt.wantErr {
			t.Errorf("%s: err = %v, want error %v", tt.in, err, tt.wantErr)
			continue
		}
		if err != nil {
			continue
		}
		if tile.Value != tt.value || tile.Delta != tt.delta || tile.DeltaDirection != tt.direction {
			t.Errorf("%s: got %+v", tt.in, tile)
		}
	}
}

func TestTileRoundTrip(t *testing.T) {
	in := Content{ChartType: TypeKPI, Tiles: []Tile{{Value: "42", Label: "Answers", Delta: "+1", DeltaDirection: "up"}}}
	data, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"chartType":"kpi","tiles":[{"value":"42","label":"Answers","delta":"+1","deltaDirection":"up"}]}`
	if string(data) != want {
		t.Fatalf("marshal = %s, want %s", data, want)
	}
	var out Content
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	if out.Tiles[0] != in.Tiles[0] {
		t.Fatalf("round trip = %+v, want %+v", out.Tiles[0], in.Tiles[0])
	}
}

func TestTileDirection(t *testing.T) {
	tests := []struct {
		delta, direction, want string
	}{
		{"+12%", "", DirectionUp},
		{"-3.4%", "", DirectionDown},
		{"−3.4%", "", DirectionDown}, // U+2212
		{"12%", "", DirectionUp},
		{"0%", "", DirectionFlat},
		{"+0", "", DirectionFlat},
		{"-0.0", "", DirectionFlat},
		{"0", "", DirectionFlat},
		{"", "", DirectionFlat},
		{"n/a", "", DirectionFlat},
		{"$1,200", "", DirectionUp},
		{"-$1,200", "", DirectionDown},
		{"▲ 4", "", DirectionUp},
		{"▼ 4", "", DirectionDown},
		{"12", "-5", DirectionUp}, // not a direction: derived
		{"-3", "", DirectionDown},
		{"-0.4pp", "up", DirectionUp},    // explicit wins
		{"+38ms", "down", DirectionDown}, // explicit wins
		{"+5", "flat", DirectionFlat},
		{"+5", "UP", DirectionUp},
	}
	for _, tt := range tests {
		got := Tile{Delta: tt.delta, DeltaDirection: tt.direction}.Direction()
		if got != tt.want {
			t.Errorf("Direction(delta %q, direction %q) = %s, want %s", tt.delta, tt.direction, got, tt.want)
		}
	}
}

// The arrow follows the delta's own sign; deltaDirection decides it only for unsigned deltas.
func TestTileArrow(t *testing.T) {
	for _, tt := range []struct{ delta, direction, arrow, colour string }{
		{"-0.4pp", "up", DirectionDown, DirectionUp}, // churn down is good: a green down arrow
		{"+38ms", "down", DirectionUp, DirectionDown},
		{"▼ 3", "", DirectionDown, DirectionDown},
		{"12%", "down", DirectionDown, DirectionDown}, // a magnitude
		{"12%", "", DirectionUp, DirectionUp},
		{"+0%", "up", DirectionFlat, DirectionUp},
		{"", "up", DirectionUp, DirectionUp},
		{"n/a", "", DirectionFlat, DirectionFlat},
	} {
		tile := Tile{Delta: tt.delta, DeltaDirection: tt.direction}
		if got := tile.Arrow(); got != tt.arrow {
			t.Errorf("Arrow(%q, %q) = %s, want %s", tt.delta, tt.direction, got, tt.arrow)
		}
		if got := tile.Direction(); got != tt.colour {
			t.Errorf("Direction(%q, %q) = %s, want %s", tt.delta, tt.direction, got, tt.colour)
		}
	}
}

func TestDeltaText(t *testing.T) {
	tests := []struct {
		tile Tile
		want string
	}{
		{Tile{Delta: "+12%"}, "12%"},
		{Tile{Delta: "-3%"}, "3%"},
		{Tile{Delta: "-0.4pp", DeltaDirection: "up"}, "0.4pp"}, // the arrow points down (coloured up)
		{Tile{Delta: "12.4"}, "12.4"},
		{Tile{Delta: "-1500"}, "1,500"},
		{Tile{Delta: "7", DeltaDirection: "down"}, "7"}, // a magnitude: down 7
		{Tile{Delta: "7", DeltaDirection: "flat"}, "+7"},
		{Tile{Delta: "-2", DeltaDirection: "flat"}, "2"}, // the sign makes the arrow: down
		{Tile{Delta: "0"}, "0"},
		{Tile{Delta: "▲ 4 pts"}, "4 pts"},
		{Tile{Delta: "+"}, "+"},
		{Tile{}, ""},
	}
	for _, tt := range tests {
		if got := deltaText(tt.tile); got != tt.want {
			t.Errorf("deltaText(%+v) = %q, want %q", tt.tile, got, tt.want)
		}
	}
}
