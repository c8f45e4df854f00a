package db

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/brandgen/brandgen"
)

// testDiagrams is the part of the store suite (testStore) on the diagrams and diagram_revisions tables.
func testDiagrams(t *testing.T, open func(t *testing.T) Store) {
	t.Run("Diagrams", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		a := newAccount(t, s, brandgen.PlanDeveloper)
		b := newAccount(t, s, brandgen.PlanDeveloper)
		id := "dg_" + uniqueName(t)
		brand := &brandgen.Brand{Name: "Acme", Colors: &brandgen.Colors{Primary: "#ff0000"}}
		d := Diagram{ID: id, AccountID: a.ID, Type: "flowchart", Title: "Checkout",
			Model:   json.RawMessage(`{"nodes": [{"id": "a", "label": "Cart"}, {"id": "b", "label": "Pay"}], "edges": [["a", "b"]]}`),
			Display: json.RawMessage(`{"theme": "dark", "size": "auto", "transparent": false}`),
			Brand:   brand}
		must(t, s.CreateDiagram(ctx, d, "created from prompt"))
		wantIs(t, s.CreateDiagram(ctx, d, "again"), ErrConflict)

		got, err := s.Diagram(ctx, a.ID, id)
		must(t, err)
		if got.ID != id || got.AccountID != a.ID || got.Type != d.Type || got.Title != d.Title ||
			!jsonEqual(t, got.Model, d.Model) || !jsonEqual(t, got.Display, d.Display) || !reflect.DeepEqual(got.Brand, brand) {
			t.Errorf("Diagram = %+v, want %+v", got, d)
		}
		recent(t, "diagram CreatedAt", got.CreatedAt)
		if !got.UpdatedAt.Equal(got.CreatedAt) {
			t.Errorf("new diagram UpdatedAt %v != CreatedAt %v", got.UpdatedAt, got.CreatedAt)
		}

		_, err = s.Diagram(ctx, b.ID, id)
		wantIs(t, err, brandgen.ErrNotFound)
		_, err = s.Diagram(ctx, a.ID, "dg_missing_"+uniqueName(t))
		wantIs(t, err, brandgen.ErrNotFound)
		_, err = s.Revisions(ctx, b.ID, id)
		wantIs(t, err, brandgen.ErrNotFound)
		other := d
		other.AccountID = b.ID
		wantIs(t, s.UpdateDiagram(ctx, other, "hijack"), brandgen.ErrNotFound)
		wantIs(t, s.DeleteDiagram(ctx, b.ID, id), brandgen.ErrNotFound)

		time.Sleep(2 * time.Millisecond)
		d2 := d
		d2.Title = "Checkout v2"
		d2.Model = json.RawMessage(`{"nodes": [], "edges": []}`)
		d2.Brand = nil
		must(t, s.UpdateDiagram(ctx, d2, "refine: simpler"))
		d3 := d2
		d3.Display = json.RawMessage(`{"theme": "light"}`)
		must(t, s.UpdateDiagram(ctx, d3, "restyle"))

		got, err = s.Diagram(ctx, a.ID, id)
		must(t, err)
		if got.Title != "Checkout v2" || got.Brand != nil || !jsonEqual(t, got.Model, d2.Model) || !jsonEqual(t, got.Display, d3.Display) {
			t.Errorf("updated diagram = %+v", got)
		}
		if !got.UpdatedAt.After(got.CreatedAt) {
			t.Errorf("UpdatedAt %v not after CreatedAt %v", got.UpdatedAt, got.CreatedAt)
		}

		revs, err := s.Revisions(ctx, a.ID, id)
		must(t, err)
		if len(revs) != 3 {
			t.Fatalf("%d revisions, want 3", len(revs))
		}
		wantNotes := []string{"created from prompt", "refine: simpler", "restyle"}
		for i, r := range revs {
			if r.N != i+1 || r.Note != wantNotes[i] {
				t.Errorf("revision %d = n %d note %q, want n %d note %q", i, r.N, r.Note, i+1, wantNotes[i])
			}
			if i > 0 && r.CreatedAt.Before(revs[i-1].CreatedAt) {
				t.Errorf("revision %d created before revision %d", i+1, i)
			}
		}
		if revs[0].Title != "Checkout" || !reflect.DeepEqual(revs[0].Brand, brand) || !jsonEqual(t, revs[0].Model, d.Model) {
			t.Errorf("first revision = %+v", revs[0])
		}
		if revs[1].Brand != nil || !jsonEqual(t, revs[1].Model, d2.Model) || !jsonEqual(t, revs[2].Display, d3.Display) {
			t.Errorf("later revisions = %+v", revs[1:])
		}

		must(t, s.DeleteDiagram(ctx, a.ID, id))
		_, err = s.Diagram(ctx, a.ID, id)
		wantIs(t, err, brandgen.ErrNotFound)
		_, err = s.Revisions(ctx, a.ID, id)
		wantIs(t, err, brandgen.ErrNotFound)
		if n := rawCount(t, s, `SELECT COUNT(*) FROM diagram_revisions WHERE diagram_id = $1`, id); n != 0 {
			t.Errorf("%d revisions left after DeleteDiagram", n)
		}
		wantIs(t, s.DeleteDiagram(ctx, a.ID, id), brandgen.ErrNotFound)
		wantIs(t, s.UpdateDiagram(ctx, d, "after delete"), brandgen.ErrNotFound)
	})

	t.Run("DiagramInput", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		a := newAccount(t, s, brandgen.PlanDeveloper)
		if err := s.CreateDiagram(ctx, Diagram{ID: "dg_" + uniqueName(t), AccountID: a.ID, Model: json.RawMessage(`{"nodes":`)}, ""); err == nil {
			t.Error("CreateDiagram with invalid model JSON succeeded")
		}
		if err := s.CreateDiagram(ctx, Diagram{AccountID: a.ID}, ""); err == nil {
			t.Error("CreateDiagram without id succeeded")
		}
		id := "dg_" + uniqueName(t)
		must(t, s.CreateDiagram(ctx, Diagram{ID: id, AccountID: a.ID, Type: "sequence"}, ""))
		got, err := s.Diagram(ctx, a.ID, id)
		must(t, err)
		if string(got.Model) != "null" || string(got.Display) != "null" || got.Brand != nil {
			t.Errorf("diagram with empty JSON = model %s display %s brand %v", got.Model, got.Display, got.Brand)
		}
	})

	t.Run("ListDiagrams", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		a := newAccount(t, s, brandgen.PlanDeveloper)
		b := newAccount(t, s, brandgen.PlanDeveloper)
		list, next, err := s.ListDiagrams(ctx, a.ID, "", 10)
		must(t, err)
		if len(list) != 0 || next != "" {
			t.Fatalf("empty account lists %d diagrams, next %q", len(list), next)
		}
		// Five diagrams, two of them created in the same microsecond (the id breaks the tie).
		base := time.Now().UTC().Truncate(time.Microsecond).Add(-time.Hour)
		var ids []string
		for i, at := range []time.Duration{0, time.Second, 2 * time.Second, 2 * time.Second, 3 * time.Second} {
			id := fmt.Sprintf("dg_%s_%d", uniqueName(t), i)
			ids = append(ids, id)
			must(t, s.CreateDiagram(ctx, Diagram{ID: id, AccountID: a.ID, Type: "flowchart", Title: fmt.Sprint("d", i),
				Model: json.RawMessage(`{"source":"secret"}`), Display: json.RawMessage(`{"theme":"dark"}`), CreatedAt: base.Add(at)}, "created"))
		}
		must(t, s.CreateDiagram(ctx, Diagram{ID: "dg_other_" + uniqueName(t), AccountID: b.ID, Type: "er"}, ""))
		want := []string{ids[4], ids[3], ids[2], ids[1], ids[0]} // newest first; equal times by id, descending
		var got []string
		cursor := ""
		for page := 0; page < 5; page++ {
			list, next, err := s.ListDiagrams(ctx, a.ID, cursor, 2)
			must(t, err)
			for _, d := range list {
				got = append(got, d.ID)
				if d.AccountID != a.ID || d.Model != nil || !jsonEqual(t, d.Display, json.RawMessage(`{"theme":"dark"}`)) {
					t.Errorf("listed diagram = %+v (Model must not be loaded)", d)
				}
			}
			if next == "" {
				break
			}
			cursor = next
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("pages = %v, want %v", got, want)
		}
		_, _, err = s.ListDiagrams(ctx, a.ID, "not-a-cursor!", 2)
		wantIs(t, err, ErrBadCursor)
		list, _, err = s.ListDiagrams(ctx, b.ID, "", 50)
		must(t, err)
		if len(list) != 1 {
			t.Errorf("other account lists %d diagrams, want 1", len(list))
		}
	})

	t.Run("ConcurrentDiagramUpdates", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		a := newAccount(t, s, brandgen.PlanDeveloper)
		d := Diagram{ID: "dg_" + uniqueName(t), AccountID: a.ID, Type: "flowchart", Model: json.RawMessage(`{}`), Display: json.RawMessage(`{}`)}
		must(t, s.CreateDiagram(ctx, d, "create"))
		var wg sync.WaitGroup
		for i := range 8 {
			wg.Go(func() {
				u := d
				u.Title = fmt.Sprintf("v%d", i)
				if err := s.UpdateDiagram(ctx, u, u.Title); err != nil {
					t.Errorf("UpdateDiagram: %v", err)
				}
			})
		}
		wg.Wait()
		revs, err := s.Revisions(ctx, a.ID, d.ID)
		must(t, err)
		if len(revs) != 9 {
			t.Fatalf("%d revisions, want 9", len(revs))
		}
		for i, r := range revs {
			if r.N != i+1 {
				t.Errorf("revision %d has n %d", i, r.N)
			}
		}
		got, err := s.Diagram(ctx, a.ID, d.ID)
		must(t, err)
		if got.Title != revs[8].Title {
			t.Errorf("diagram title %q is not the last revision's %q", got.Title, revs[8].Title)
		}
	})
}
