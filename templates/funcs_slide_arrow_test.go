package templates

import "testing"

// A call to action's button leaves out its own arrow when the action ends in one ("Follow ➜" was
// drawn "Follow ➜ →").
func TestEndsInArrow(t *testing.T) {
	cases := []struct {
		action string
		want   bool
	}{
		{"Follow ➜", true},
		{"Read more →", true},
		{"Next ➡️", true},
		{"Weiter »", true},
		{"See the guide >", true},
		{"Follow for more", false},
		{"关注获取更多", false},
		{"Loop ➰", false},
		{"Like it? ❤️", false},
		{"", false},
	}
	for _, c := range cases {
		if got := endsInArrow(c.action); got != c.want {
			t.Errorf("endsInArrow(%q) = %v, want %v", c.action, got, c.want)
		}
	}
}
