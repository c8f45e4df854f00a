package generate

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/brandgen/brandgen/patterns"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/posts"
	"github.com/invopop/jsonschema"
	sjs "github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// contentTypes maps each post format to its content type.
var contentTypes = map[string]any{
	posts.Cover: posts.CoverContent{}, posts.Roadmap: posts.RoadmapContent{}, posts.Listicle: posts.ListicleContent{},
	posts.Checklist: posts.ChecklistContent{}, posts.Resources: posts.ResourcesContent{},
	posts.Comparison: posts.ComparisonContent{}, posts.Quote: posts.QuoteContent{}, posts.Stat: posts.StatContent{},
	posts.Grid: posts.GridContent{}, posts.Code: posts.CodeContent{}, posts.Poster: posts.PosterContent{},
	posts.Announcement: posts.AnnouncementContent{}, posts.Offer: posts.OfferContent{},
	posts.Testimonial: posts.TestimonialContent{}, posts.Event: posts.EventContent{}, posts.Ad: posts.AdContent{},
	posts.Hiring: posts.HiringContent{}, posts.Showcase: posts.ShowcaseContent{}, posts.Campaign: posts.CampaignContent{},
}

// schemaCatalog is a Catalog over schemas reflected from the posts types with invopop/jsonschema
// and validated with santhosh-tekuri/jsonschema: the same sources the pattern catalog uses.
type schemaCatalog struct {
	raw      map[string]json.RawMessage
	compiled map[string]*sjs.Schema
}

func newSchemaCatalog(t testing.TB) *schemaCatalog {
	t.Helper()
	c := &schemaCatalog{raw: map[string]json.RawMessage{}, compiled: map[string]*sjs.Schema{}}
	r := &jsonschema.Reflector{}
	for id, v := range contentTypes {
		b, err := json.Marshal(r.Reflect(v))
		if err != nil {
			t.Fatal(err)
		}
		c.raw[id] = b
		doc, err := sjs.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		comp := sjs.NewCompiler()
		url := "mem://" + id + ".json"
		if err := comp.AddResource(url, doc); err != nil {
			t.Fatal(err)
		}
		sch, err := comp.Compile(url)
		if err != nil {
			t.Fatalf("compile %s: %v", id, err)
		}
		c.compiled[id] = sch
	}
	return c
}

func (c *schemaCatalog) Schema(id string) (json.RawMessage, bool) {
	s, ok := c.raw[id]
	return s, ok
}

var printer = message.NewPrinter(language.English)

func (c *schemaCatalog) Decode(id string, raw json.RawMessage, prefix string) (any, []brandgen.Issue) {
	sch, ok := c.compiled[id]
	if !ok {
		return nil, []brandgen.Issue{{Field: "format", Message: "unknown"}}
	}
	inst, err := sjs.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, []brandgen.Issue{{Field: strings.TrimSuffix(prefix, "."), Message: "invalid JSON"}}
	}
	if err := sch.Validate(inst); err != nil {
		var ve *sjs.ValidationError
		if !errors.As(err, &ve) {
			return nil, []brandgen.Issue{{Field: strings.TrimSuffix(prefix, "."), Message: err.Error()}}
		}
		var issues []brandgen.Issue
		var walk func(e *sjs.ValidationError)
		walk = func(e *sjs.ValidationError) {
			if len(e.Causes) == 0 {
				issues = append(issues, brandgen.Issue{Field: prefix + fieldPath(e.InstanceLocation), Message: e.ErrorKind.LocalizedString(printer)})
			}
			for _, c := range e.Causes {
				walk(c)
			}
		}
		walk(ve)
		return nil, issues
	}
	v := reflect.New(reflect.TypeOf(contentTypes[id]))
	if err := json.Unmarshal(raw, v.Interface()); err != nil {
		return nil, []brandgen.Issue{{Field: strings.TrimSuffix(prefix, "."), Message: err.Error()}}
	}
	return v.Interface(), nil
}

func fieldPath(loc []string) string {
	var b strings.Builder
	for _, p := range loc {
		if _, err := strconv.Atoi(p); err == nil {
			fmt.Fprintf(&b, "[%s]", p)
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(p)
	}
	return b.String()
}

// catalogForTest returns the catalog the tests validate against.
func catalogForTest(t testing.TB) Catalog {
	c, err := patterns.New()
	if err != nil {
		t.Fatal(err)
	}
	return c
}
