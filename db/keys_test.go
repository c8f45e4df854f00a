package db

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/brandgen/brandgen"
)

// testKeys is the part of the store suite (testStore) on the api_keys table.
func testKeys(t *testing.T, open func(t *testing.T) Store) {
	t.Run("Keys", func(t *testing.T) {
		s := open(t)
		ctx := testCtx(t)
		a := newAccount(t, s, brandgen.PlanDeveloper)
		b := newAccount(t, s, brandgen.PlanFree)

		keys, err := s.ListKeys(ctx, a.ID)
		must(t, err)
		if keys == nil || len(keys) != 0 {
			t.Errorf("ListKeys of an account without keys = %#v, want empty", keys)
		}

		p1, p2 := uniqueName(t), uniqueName(t)
		h1 := bytes.Repeat([]byte{0xab}, 32)
		k1, err := s.CreateKey(ctx, a.ID, p1, h1)
		must(t, err)
		if k1.ID == 0 || k1.AccountID != a.ID || k1.Prefix != p1 || !bytes.Equal(k1.Hash, h1) || k1.RevokedAt != nil {
			t.Errorf("CreateKey = %+v", k1)
		}
		recent(t, "key CreatedAt", k1.CreatedAt)
		k2, err := s.CreateKey(ctx, a.ID, p2, []byte{0, 1, 2, 0xff})
		must(t, err)
		_, err = s.CreateKey(ctx, b.ID, p1, []byte{9})
		wantIs(t, err, ErrConflict)

		gotKey, gotAcc, err := s.KeyByPrefix(ctx, p1)
		must(t, err)
		if !reflect.DeepEqual(gotKey, k1) {
			t.Errorf("KeyByPrefix key = %+v, want %+v", gotKey, k1)
		}
		if !reflect.DeepEqual(gotAcc, a) {
			t.Errorf("KeyByPrefix account = %+v, want %+v", gotAcc, a)
		}
		_, _, err = s.KeyByPrefix(ctx, uniqueName(t))
		wantIs(t, err, brandgen.ErrNotFound)

		must(t, s.RevokeKey(ctx, p1))
		_, _, err = s.KeyByPrefix(ctx, p1)
		wantIs(t, err, brandgen.ErrNotFound)
		if _, _, err := s.KeyByPrefix(ctx, p2); err != nil {
			t.Errorf("other key gone after revoking one: %v", err)
		}

		keys, err = s.ListKeys(ctx, a.ID)
		must(t, err)
		if len(keys) != 2 || keys[0].Prefix != p1 || keys[1].Prefix != p2 || keys[0].RevokedAt == nil || keys[1].RevokedAt != nil {
			t.Fatalf("ListKeys = %+v", keys)
		}
		recent(t, "RevokedAt", *keys[0].RevokedAt)
		if !reflect.DeepEqual(keys[1], k2) {
			t.Errorf("listed key = %+v, want %+v", keys[1], k2)
		}
		revokedAt := *keys[0].RevokedAt

		must(t, s.RevokeKey(ctx, p1)) // twice is fine and keeps the first time
		keys, err = s.ListKeys(ctx, a.ID)
		must(t, err)
		if !keys[0].RevokedAt.Equal(revokedAt) {
			t.Errorf("second revoke moved RevokedAt from %v to %v", revokedAt, keys[0].RevokedAt)
		}
		wantIs(t, s.RevokeKey(ctx, uniqueName(t)), brandgen.ErrNotFound)

		if keys, err := s.ListKeys(ctx, b.ID); err != nil || len(keys) != 0 {
			t.Errorf("ListKeys of the other account = %+v, %v", keys, err)
		}
	})
}
