package generate

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/posts"
)

const testKey = "sk-test-SECRET-0123456789"

// reply is one scripted answer of the fake server.
type reply struct {
	status  int           // 0: 200 with a chat completion of content
	content string        // assistant message content
	body    string        // raw body for error statuses
	delay   time.Duration // wait before answering (cut short when the client goes away)
	refusal string
}

// chatRequest is what the fake server records of each request.
type chatRequest struct {
	Auth     string
	Model    string `json:"model"`
	Messages []struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	} `json:"messages"`
	ResponseFormat struct {
		Type       string `json:"type"`
		JSONSchema struct {
			Name   string          `json:"name"`
			Strict bool            `json:"strict"`
			Schema json.RawMessage `json:"schema"`
		} `json:"json_schema"`
	} `json:"response_format"`
}

// fakeOpenAI is an OpenAI-compatible chat-completions server answering from a script.
type fakeOpenAI struct {
	*httptest.Server
	mu       sync.Mutex
	script   []reply
	requests []chatRequest
}

func newFakeOpenAI(t *testing.T, script ...reply) *fakeOpenAI {
	t.Helper()
	f := &fakeOpenAI{script: script}
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/chat/completions" || r.Method != http.MethodPost {
			http.Error(w, "not found", http.StatusNotFound)
			return
		}
		var req chatRequest
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		req.Auth = r.Header.Get("Authorization")
		f.mu.Lock()
		f.requests = append(f.requests, req)
		var rep reply
		if len(f.script) > 0 {
			rep, f.script = f.script[0], f.script[1:]
		} else {
			rep = reply{status: http.StatusInternalServerError, body: `{"error":{"message":"script exhausted"}}`}
		}
		f.mu.Unlock()
		if rep.delay > 0 {
			select {
			case <-time.After(rep.delay):
			case <-r.Context().Done():
				return
			}
		}
		w.Header().Set("Content-Type", "application/json")
		if rep.status != 0 && rep.status != http.StatusOK {
			w.WriteHeader(rep.status)
			fmt.Fprint(w, rep.body)
			return
		}
		msg := map[string]any{"role": "assistant", "content": rep.content}
		if rep.refusal != "" {
			msg["refusal"] = rep.refusal
		}
		json.NewEncoder(w).Encode(map[string]any{
			"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": req.Model + "-2025",
			"choices": []any{map[string]any{"index": 0, "message": msg, "finish_reason": "stop"}},
			"usage":   map[string]any{"prompt_tokens": 120, "completion_tokens": 40, "total_tokens": 160},
		})
	}))
	t.Cleanup(f.Close)
	return f
}

func (f *fakeOpenAI) reqs() []chatRequest {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]chatRequest(nil), f.requests...)
}

func newTestModel(t *testing.T, f *fakeOpenAI, timeout time.Duration) *Model {
	t.Helper()
	m, err := NewModel(ModelConfig{APIKey: testKey, BaseURL: f.URL + "/v1", Model: "gpt-test", Timeout: timeout}, catalogForTest(t))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

const goodStat = `{"post":{"pattern":"stat","content":{"value":"73%","label":"of developers say code review is the best way to learn","context":null,"source":"Stack Overflow Survey 2025"}}}`

func TestModelAutoSelect(t *testing.T) {
	f := newFakeOpenAI(t, reply{content: goodStat})
	m := newTestModel(t, f, 0)
	prompt := "73% of developers say code review is the best way to learn (Stack Overflow Survey 2025)"
	plan, err := m.Plan(context.Background(), Request{Prompt: prompt})
	if err != nil {
		t.Fatal(err)
	}
	if plan.Pattern != posts.Stat || plan.Provider != ProviderOpenAI || plan.Model != "gpt-test-2025" {
		t.Errorf("plan = %s %s %s", plan.Pattern, plan.Provider, plan.Model)
	}
	if plan.PromptTokens != 120 || plan.CompletionTokens != 40 {
		t.Errorf("tokens = %d/%d, want 120/40", plan.PromptTokens, plan.CompletionTokens)
	}
	want := `{"value":"73%","label":"of developers say code review is the best way to learn","source":"Stack Overflow Survey 2025"}`
	if string(plan.Content) != want {
		t.Errorf("content = %s, want %s (nulls dropped)", plan.Content, want)
	}
	reqs := f.reqs()
	if len(reqs) != 1 {
		t.Fatalf("%d requests, want 1", len(reqs))
	}
	r := reqs[0]
	if r.Auth != "Bearer "+testKey {
		t.Errorf("Authorization = %q", r.Auth)
	}
	if r.Model != "gpt-test" {
		t.Errorf("model = %q", r.Model)
	}
	if r.ResponseFormat.Type != "json_schema" || !r.ResponseFormat.JSONSchema.Strict || r.ResponseFormat.JSONSchema.Name != "brandgen_post" {
		t.Errorf("response_format = %+v", r.ResponseFormat)
	}
	if len(r.Messages) != 2 || r.Messages[0].Role != "system" || r.Messages[1].Role != "user" || r.Messages[1].Content != prompt {
		t.Fatalf("messages = %+v", r.Messages)
	}
	for _, id := range posts.Formats {
		if !strings.Contains(r.Messages[0].Content, "- "+id+": ") {
			t.Errorf("system message does not offer %s", id)
		}
	}
	var schema map[string]any
	if err := json.Unmarshal(r.ResponseFormat.JSONSchema.Schema, &schema); err != nil {
		t.Fatal(err)
	}
	branches := lookup(schema, "properties.post.anyOf").([]any)
	if len(branches) != len(posts.Formats) {
		t.Fatalf("%d anyOf branches, want %d", len(branches), len(posts.Formats))
	}
	for i, b := range branches {
		if got := lookup(b, "properties.pattern.enum[0]"); got != posts.Formats[i] {
			t.Errorf("branch %d pattern = %v, want %s", i, got, posts.Formats[i])
		}
	}
	checkStrict(t, "schema", schema)
}

// checkStrict walks a request schema: every object schema is closed and requires all of its
// properties, and no keyword outside the strict subset is left.
func checkStrict(t *testing.T, path string, v any) {
	t.Helper()
	switch s := v.(type) {
	case map[string]any:
		for k := range s {
			switch k {
			case "type", "properties", "required", "items", "enum", "const", "description", "anyOf", "additionalProperties":
			default:
				t.Errorf("%s: keyword %q left in a strict schema", path, k)
			}
		}
		if props, ok := s["properties"].(map[string]any); ok {
			if s["additionalProperties"] != false {
				t.Errorf("%s: additionalProperties = %v", path, s["additionalProperties"])
			}
			req, _ := s["required"].([]any)
			if len(req) != len(props) {
				t.Errorf("%s: required %v does not list every property", path, req)
			}
			for name, p := range props {
				checkStrict(t, path+"."+name, p)
			}
		}
		if items, ok := s["items"]; ok {
			checkStrict(t, path+"[]", items)
		}
		if alts, ok := s["anyOf"].([]any); ok {
			for i, a := range alts {
				checkStrict(t, fmt.Sprintf("%s|%d", path, i), a)
			}
		}
	}
}

func TestModelForcedFormat(t *testing.T) {
	answer := `{"pattern":"listicle","content":{"kicker":null,"title":"4 ways to ship faster","items":[{"title":"Small PRs","text":null},{"title":"Feature flags","text":"Merge dark code."},{"title":"CI under 5 minutes","text":null},{"title":"Trunk-based","text":null}],"footer":null}}`
	f := newFakeOpenAI(t, reply{content: answer})
	m := newTestModel(t, f, 0)
	plan, err := m.Plan(context.Background(), Request{Prompt: "ways to ship faster", Format: posts.Listicle, Layout: "2col"})
	if err != nil {
		t.Fatal(err)
	}
	if plan.Pattern != posts.Listicle {
		t.Errorf("pattern = %s", plan.Pattern)
	}
	if !strings.Contains(string(plan.Content), `{"title":"Small PRs"}`) || strings.Contains(string(plan.Content), "null") {
		t.Errorf("content = %s", plan.Content)
	}
	r := f.reqs()[0]
	if r.ResponseFormat.JSONSchema.Name != "brandgen_listicle" {
		t.Errorf("schema name = %s", r.ResponseFormat.JSONSchema.Name)
	}
	sys := r.Messages[0].Content
	if !strings.Contains(sys, "The post format is listicle") || !strings.Contains(sys, "2col") {
		t.Errorf("system message does not force the format and layout:\n%s", sys)
	}
	var schema map[string]any
	json.Unmarshal(r.ResponseFormat.JSONSchema.Schema, &schema)
	if got := lookup(schema, "properties.pattern.enum"); fmt.Sprint(got) != "[listicle]" {
		t.Errorf("pattern enum = %v", got)
	}
	if got := lookup(schema, "properties.content.properties.kicker.type"); fmt.Sprint(got) != "[string null]" {
		t.Errorf("optional kicker type = %v, want [string null]", got)
	}
	if got := lookup(schema, "properties.content.properties.title.type"); got != "string" {
		t.Errorf("required title type = %v, want string", got)
	}
	if d, _ := lookup(schema, "properties.content.properties.items.description").(string); !strings.Contains(d, "3 to 10 items") {
		t.Errorf("items description %q does not restate the limits", d)
	}
	if d, _ := lookup(schema, "properties.content.properties.title.description").(string); !strings.Contains(d, "1 to 100 characters") {
		t.Errorf("title description %q does not restate the limits", d)
	}
	checkStrict(t, "schema", schema)
}

func TestModelRepairs(t *testing.T) {
	valid := `{"pattern":"listicle","content":{"title":"Ship faster","items":[{"title":"Small PRs"},{"title":"Flags"},{"title":"Fast CI"}]}}`
	cases := []struct {
		name      string
		first     string
		wantIssue string
	}{
		{"broken JSON", `{"pattern":"listicle","content":{"title":"Ship`, "body: is not valid JSON"},
		{"schema-invalid", `{"pattern":"listicle","content":{"title":"Ship faster","items":[{"title":"Small PRs"}]}}`, "content.items"},
		{"wrong pattern", `{"pattern":"quote","content":{"quote":"Ship it"}}`, "pattern: must be listicle"},
		{"missing content", `{"pattern":"listicle"}`, "content: is required"},
		{"too long", `{"pattern":"listicle","content":{"title":"` + strings.Repeat("long ", 30) + `","items":[{"title":"a"},{"title":"b"},{"title":"c"}]}}`, "content.title"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newFakeOpenAI(t, reply{content: tc.first}, reply{content: valid})
			m := newTestModel(t, f, 0)
			plan, err := m.Plan(context.Background(), Request{Prompt: "ship faster", Format: posts.Listicle})
			if err != nil {
				t.Fatal(err)
			}
			if plan.PromptTokens != 240 || plan.CompletionTokens != 80 {
				t.Errorf("tokens = %d/%d, want both calls summed (240/80)", plan.PromptTokens, plan.CompletionTokens)
			}
			reqs := f.reqs()
			if len(reqs) != 2 {
				t.Fatalf("%d requests, want 2", len(reqs))
			}
			msgs := reqs[1].Messages
			if len(msgs) != 4 || msgs[2].Role != "assistant" || msgs[2].Content != tc.first || msgs[3].Role != "user" {
				t.Fatalf("repair messages = %+v", msgs)
			}
			if !strings.Contains(msgs[3].Content, tc.wantIssue) {
				t.Errorf("repair message does not carry %q:\n%s", tc.wantIssue, msgs[3].Content)
			}
		})
	}
}

func TestModelFailsAfterOneRepair(t *testing.T) {
	bad := `{"post":{"pattern":"stat","content":{"value":"","label":"x"}}}`
	f := newFakeOpenAI(t, reply{content: bad}, reply{content: bad}, reply{content: goodStat})
	m := newTestModel(t, f, 0)
	_, err := m.Plan(context.Background(), Request{Prompt: "a stat"})
	if !errors.Is(err, brandgen.ErrProviderUnavailable) {
		t.Fatalf("err = %v, want ErrProviderUnavailable", err)
	}
	var pe *ProviderError
	if !errors.As(err, &pe) || len(pe.Issues) == 0 || !strings.HasPrefix(pe.Issues[0].Field, "content.value") {
		t.Errorf("provider error = %#v", pe)
	}
	if n := len(f.reqs()); n != 2 {
		t.Errorf("%d requests, want 2 (one repair, then give up)", n)
	}
}

func TestModelProviderErrors(t *testing.T) {
	cases := []struct {
		name    string
		rep     reply
		timeout time.Duration
		status  int
		timeOut bool
		text    string
	}{
		{"500", reply{status: 500, body: `{"error":{"message":"upstream exploded","type":"server_error"}}`}, 0, 500, false, "HTTP 500"},
		{"429", reply{status: 429, body: `{"error":{"message":"Rate limit reached for gpt-test","type":"requests"}}`}, 0, 429, false, "HTTP 429 Too Many Requests"},
		{"401 echoing the key", reply{status: 401, body: `{"error":{"message":"Incorrect API key provided: ` + testKey + `","type":"invalid_request_error"}}`}, 0, 401, false, "HTTP 401"},
		{"502 html", reply{status: 502, body: `<html>bad gateway</html>`}, 0, 502, false, "HTTP 502"},
		{"timeout", reply{delay: 3 * time.Second, content: goodStat}, 150 * time.Millisecond, 0, true, "timeout"},
		{"refusal", reply{refusal: "I can't help with that."}, 0, 0, false, "refused"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newFakeOpenAI(t, tc.rep)
			m := newTestModel(t, f, tc.timeout)
			start := time.Now()
			_, err := m.Plan(context.Background(), Request{Prompt: "hello"})
			if time.Since(start) > 2*time.Second {
				t.Errorf("took %s", time.Since(start))
			}
			if !errors.Is(err, brandgen.ErrProviderUnavailable) {
				t.Fatalf("err = %v, want ErrProviderUnavailable", err)
			}
			var pe *ProviderError
			if !errors.As(err, &pe) {
				t.Fatalf("err %T is not a *ProviderError", err)
			}
			if pe.StatusCode != tc.status || pe.Timeout != tc.timeOut {
				t.Errorf("status/timeout = %d/%v, want %d/%v", pe.StatusCode, pe.Timeout, tc.status, tc.timeOut)
			}
			if tc.timeOut && !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("timeout error does not wrap context.DeadlineExceeded")
			}
			msg := err.Error()
			if !strings.Contains(msg, tc.text) || !strings.Contains(msg, "gpt-test") {
				t.Errorf("error %q does not say %q and the model", msg, tc.text)
			}
			if strings.Contains(msg, testKey) || strings.Contains(msg, "SECRET") {
				t.Errorf("error leaks the API key: %q", msg)
			}
		})
	}
}

func TestModelUnreachable(t *testing.T) {
	f := newFakeOpenAI(t)
	url := f.URL
	f.Close()
	m, err := NewModel(ModelConfig{APIKey: testKey, BaseURL: url + "/v1", Model: "gpt-test"}, catalogForTest(t))
	if err != nil {
		t.Fatal(err)
	}
	_, err = m.Plan(context.Background(), Request{Prompt: "hello"})
	if !errors.Is(err, brandgen.ErrProviderUnavailable) || strings.Contains(err.Error(), testKey) {
		t.Fatalf("err = %v", err)
	}
}

func TestModelAcceptsFencedAnswer(t *testing.T) {
	f := newFakeOpenAI(t, reply{content: "```json\n" + goodStat + "\n```"})
	m := newTestModel(t, f, 0)
	plan, err := m.Plan(context.Background(), Request{Prompt: "73% of developers"})
	if err != nil || plan.Pattern != posts.Stat {
		t.Fatalf("plan %+v, err %v", plan, err)
	}
}

func TestModelValidatesRequest(t *testing.T) {
	f := newFakeOpenAI(t)
	m := newTestModel(t, f, 0)
	_, err := m.Plan(context.Background(), Request{Prompt: "", Format: "diagram"})
	e, ok := brandgen.AsError(err)
	if !ok || e.Code != brandgen.CodeValidation || len(e.Issues) != 2 {
		t.Fatalf("err = %v", err)
	}
	if n := len(f.reqs()); n != 0 {
		t.Errorf("%d requests for an invalid request", n)
	}
}

// partialCatalog lacks a format.
type partialCatalog struct{ Catalog }

func (p partialCatalog) Schema(id string) (json.RawMessage, bool) {
	if id == posts.Campaign {
		return nil, false
	}
	return p.Catalog.Schema(id)
}

func TestNewModelAndNew(t *testing.T) {
	cat := catalogForTest(t)
	if _, err := NewModel(ModelConfig{APIKey: "k"}, cat); err == nil {
		t.Error("NewModel without a model name succeeded")
	}
	if _, err := NewModel(ModelConfig{APIKey: "k", Model: "m"}, nil); err == nil {
		t.Error("NewModel without a catalog succeeded")
	}
	if _, err := NewModel(ModelConfig{APIKey: "k", Model: "m"}, partialCatalog{cat}); err == nil || !strings.Contains(err.Error(), "campaign") {
		t.Errorf("NewModel over a catalog without campaign: %v", err)
	}
	p, err := New(ModelConfig{Model: "gpt-4o-mini"}, cat)
	if _, ok := p.(*Offline); err != nil || !ok {
		t.Errorf("New without key or base URL = %T, %v; want *Offline", p, err)
	}
	p, err = New(ModelConfig{APIKey: "k", Model: "gpt-4o-mini"}, cat)
	if _, ok := p.(*Model); err != nil || !ok {
		t.Errorf("New with a key = %T, %v; want *Model", p, err)
	}
}

func TestModelErrorHidesBaseURLCredentials(t *testing.T) {
	f := newFakeOpenAI(t, reply{status: 503, body: `{"error":{"message":"overloaded"}}`})
	base := strings.Replace(f.URL, "http://", "http://admin:hunter2@", 1) + "/v1"
	m, err := NewModel(ModelConfig{BaseURL: base, Model: "local"}, catalogForTest(t))
	if err != nil {
		t.Fatal(err)
	}
	_, err = m.Plan(context.Background(), Request{Prompt: "hi"})
	if err == nil || strings.Contains(err.Error(), "hunter2") || !strings.Contains(err.Error(), "HTTP 503") {
		t.Errorf("err = %v", err)
	}
}
