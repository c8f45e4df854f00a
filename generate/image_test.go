package generate

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
)

func TestImageModelMark(t *testing.T) {
	for _, tc := range []struct {
		name   string
		answer func(w http.ResponseWriter)
		want   string // "" ok, else text of the error
	}{
		{"ok", func(w http.ResponseWriter) {
			_ = json.NewEncoder(w).Encode(map[string]any{"data": []map[string]any{{"b64_json": "iVBORw0KGgo="}}})
		}, ""},
		{"server error", func(w http.ResponseWriter) {
			http.Error(w, `{"error":{"message":"boom sk-secretsecret123"}}`, 500)
		}, "HTTP 500"},
		{"no image", func(w http.ResponseWriter) { _ = json.NewEncoder(w).Encode(map[string]any{"data": []any{}}) }, "no base64 image"},
		{"bad base64", func(w http.ResponseWriter) {
			_ = json.NewEncoder(w).Encode(map[string]any{"data": []map[string]any{{"b64_json": "!!"}}})
		}, "not valid base64"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var req map[string]any
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				_ = json.NewDecoder(r.Body).Decode(&req)
				tc.answer(w)
			}))
			defer srv.Close()
			m := NewImageModel(ModelConfig{APIKey: "sk-secretsecret123", BaseURL: srv.URL, Model: "gpt-image-1-mini"})
			png, err := m.Mark(context.Background(), "a fox", "#e4572e", "#17bebb")
			if req["model"] != "gpt-image-1-mini" || req["background"] != "transparent" || req["output_format"] != "png" || req["size"] != "1024x1024" {
				t.Errorf("request %v", req)
			}
			if p, _ := req["prompt"].(string); !strings.Contains(p, "a fox") || !strings.Contains(p, "No text") || !strings.Contains(p, "#17bebb") {
				t.Errorf("prompt %q", p)
			}
			if tc.want == "" {
				if err != nil || len(png) == 0 {
					t.Fatalf("Mark = %d bytes, %v", len(png), err)
				}
				return
			}
			if err == nil || !errors.Is(err, brandgen.ErrProviderUnavailable) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want a provider error with %q", err, tc.want)
			}
			if strings.Contains(err.Error(), "sk-secretsecret123") {
				t.Errorf("the error leaks the key: %v", err)
			}
		})
	}
	if NewImageModel(ModelConfig{}).Name() != DefaultImageModel {
		t.Error("no default image model")
	}
}
