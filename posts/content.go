// Package posts defines the content of the 19 post formats: one Go type per format, whose json and
// jsonschema tags are the format's content schema in the pattern catalog. Fields are what a designer
// wants for the format; required fields have no omitempty.
package posts

// Format ids in the order of the contract.
const (
	Cover        = "cover"
	Roadmap      = "roadmap"
	Listicle     = "listicle"
	Checklist    = "checklist"
	Resources    = "resources"
	Comparison   = "comparison"
	Quote        = "quote"
	Stat         = "stat"
	Grid         = "grid"
	Code         = "code"
	Poster       = "poster"
	Announcement = "announcement"
	Offer        = "offer"
	Testimonial  = "testimonial"
	Event        = "event"
	Ad           = "ad"
	Hiring       = "hiring"
	Showcase     = "showcase"
	Campaign     = "campaign"
)

// Formats lists every post format id in contract order.
var Formats = []string{Cover, Roadmap, Listicle, Checklist, Resources, Comparison, Quote, Stat, Grid,
	Code, Poster, Announcement, Offer, Testimonial, Event, Ad, Hiring, Showcase, Campaign}

// CoverContent is a title card: a bold headline that opens a thread, an article or a series.
type CoverContent struct {
	Kicker   string `json:"kicker,omitempty" jsonschema:"maxLength=40" jsonschema_description:"Small label above the title, e.g. a series name or topic."`
	Title    string `json:"title" jsonschema:"minLength=1,maxLength=120" jsonschema_description:"The headline."`
	Subtitle string `json:"subtitle,omitempty" jsonschema:"maxLength=200" jsonschema_description:"One or two sentences under the headline."`
	Footer   string `json:"footer,omitempty" jsonschema:"maxLength=60" jsonschema_description:"Small line at the bottom, e.g. 'Swipe →' or a date."`
}

// Milestone is one step of a roadmap.
type Milestone struct {
	When   string `json:"when" jsonschema:"minLength=1,maxLength=24" jsonschema_description:"Period or step label, e.g. 'Q1 2026' or 'Phase 1'."`
	Title  string `json:"title" jsonschema:"minLength=1,maxLength=60" jsonschema_description:"What happens."`
	Text   string `json:"text,omitempty" jsonschema:"maxLength=140" jsonschema_description:"One short sentence of detail."`
	Status string `json:"status,omitempty" jsonschema:"enum=done,enum=now,enum=next" jsonschema_description:"done, now or next; drawn as a filled, highlighted or open marker."`
}

// RoadmapContent is a timeline of milestones.
type RoadmapContent struct {
	Title      string      `json:"title" jsonschema:"minLength=1,maxLength=90"`
	Subtitle   string      `json:"subtitle,omitempty" jsonschema:"maxLength=160"`
	Milestones []Milestone `json:"milestones" jsonschema:"minItems=2,maxItems=6"`
}

// Item is an entry of a list: a short title and optional supporting text.
type Item struct {
	Title string `json:"title" jsonschema:"minLength=1,maxLength=80"`
	Text  string `json:"text,omitempty" jsonschema:"maxLength=160"`
}

// ListicleContent is a numbered list of tips, reasons or steps. Layouts: 1col, 2col.
type ListicleContent struct {
	Kicker string `json:"kicker,omitempty" jsonschema:"maxLength=40"`
	Title  string `json:"title" jsonschema:"minLength=1,maxLength=100"`
	Items  []Item `json:"items" jsonschema:"minItems=3,maxItems=10"`
	Footer string `json:"footer,omitempty" jsonschema:"maxLength=80"`
}

// Check is a checklist line.
type Check struct {
	Text    string `json:"text" jsonschema:"minLength=1,maxLength=100"`
	Checked bool   `json:"checked,omitempty" jsonschema_description:"Drawn ticked when true."`
}

// ChecklistContent is a list of ticked or open items.
type ChecklistContent struct {
	Title    string  `json:"title" jsonschema:"minLength=1,maxLength=100"`
	Subtitle string  `json:"subtitle,omitempty" jsonschema:"maxLength=160"`
	Items    []Check `json:"items" jsonschema:"minItems=3,maxItems=10"`
}

// Resource is a tool, link, book or course worth knowing.
type Resource struct {
	Name string `json:"name" jsonschema:"minLength=1,maxLength=60"`
	Text string `json:"text,omitempty" jsonschema:"maxLength=120" jsonschema_description:"What it is good for."`
	Link string `json:"link,omitempty" jsonschema:"maxLength=80" jsonschema_description:"Display text of a link, e.g. 'go.dev/tour' (shown, not clickable)."`
	Tag  string `json:"tag,omitempty" jsonschema:"maxLength=20" jsonschema_description:"Short category, e.g. 'Free' or 'Book'."`
}

// ResourcesContent is a curated list of resources.
type ResourcesContent struct {
	Title    string     `json:"title" jsonschema:"minLength=1,maxLength=100"`
	Subtitle string     `json:"subtitle,omitempty" jsonschema:"maxLength=160"`
	Items    []Resource `json:"items" jsonschema:"minItems=2,maxItems=8"`
}

// Row compares one aspect across the two sides.
type Row struct {
	Label string `json:"label,omitempty" jsonschema:"maxLength=40" jsonschema_description:"The aspect compared, e.g. 'Price'."`
	Left  string `json:"left" jsonschema:"minLength=1,maxLength=80"`
	Right string `json:"right" jsonschema:"minLength=1,maxLength=80"`
}

// ComparisonContent sets two options side by side (X vs Y, before/after, myth/fact).
type ComparisonContent struct {
	Title   string `json:"title" jsonschema:"minLength=1,maxLength=100"`
	Left    string `json:"left" jsonschema:"minLength=1,maxLength=40" jsonschema_description:"Name of the left side."`
	Right   string `json:"right" jsonschema:"minLength=1,maxLength=40" jsonschema_description:"Name of the right side."`
	Rows    []Row  `json:"rows" jsonschema:"minItems=2,maxItems=8"`
	Winner  string `json:"winner,omitempty" jsonschema:"enum=left,enum=right" jsonschema_description:"Side to highlight, if any."`
	Verdict string `json:"verdict,omitempty" jsonschema:"maxLength=140" jsonschema_description:"One-line conclusion."`
}

// QuoteContent is a pull quote.
type QuoteContent struct {
	Quote  string `json:"quote" jsonschema:"minLength=1,maxLength=320"`
	Author string `json:"author,omitempty" jsonschema:"maxLength=60"`
	Role   string `json:"role,omitempty" jsonschema:"maxLength=80" jsonschema_description:"Author's title or source."`
}

// StatContent is one big number with its meaning.
type StatContent struct {
	Value   string `json:"value" jsonschema:"minLength=1,maxLength=16" jsonschema_description:"The figure as shown, e.g. '73%', '$4.2M', '10x'."`
	Label   string `json:"label" jsonschema:"minLength=1,maxLength=120" jsonschema_description:"What the figure measures."`
	Context string `json:"context,omitempty" jsonschema:"maxLength=200" jsonschema_description:"Why it matters, one or two sentences."`
	Source  string `json:"source,omitempty" jsonschema:"maxLength=80" jsonschema_description:"Where the figure comes from."`
}

// Cell is one tile of a grid.
type Cell struct {
	Icon  string `json:"icon,omitempty" jsonschema:"maxLength=8" jsonschema_description:"One emoji."`
	Title string `json:"title" jsonschema:"minLength=1,maxLength=50"`
	Text  string `json:"text,omitempty" jsonschema:"maxLength=120"`
}

// GridContent is a grid of features or ideas. Layouts: 2x2, 3x2, 3x3.
type GridContent struct {
	Title    string `json:"title" jsonschema:"minLength=1,maxLength=100"`
	Subtitle string `json:"subtitle,omitempty" jsonschema:"maxLength=160"`
	Cells    []Cell `json:"cells" jsonschema:"minItems=2,maxItems=9"`
}

// CodeContent is a code snippet with syntax highlighting.
type CodeContent struct {
	Title    string `json:"title,omitempty" jsonschema:"maxLength=100"`
	Language string `json:"language" jsonschema:"minLength=1,maxLength=24" jsonschema_description:"e.g. go, python, javascript, typescript, rust, sql, bash, json, html, css."`
	Code     string `json:"code" jsonschema:"minLength=1,maxLength=2400" jsonschema_description:"The code, with newlines. It is never set under the readable size: about 25 lines of up to 50 characters fit a portrait post (square and landscape about 20, story about 30; a longer line wraps and counts twice). Lines past that are left out from the end and reported in warnings (content_dropped)."`
	Caption  string `json:"caption,omitempty" jsonschema:"maxLength=160"`
}

// PosterContent is a big typographic statement.
type PosterContent struct {
	Kicker   string `json:"kicker,omitempty" jsonschema:"maxLength=40"`
	Headline string `json:"headline" jsonschema:"minLength=1,maxLength=80"`
	Subline  string `json:"subline,omitempty" jsonschema:"maxLength=160"`
	Footer   string `json:"footer,omitempty" jsonschema:"maxLength=60"`
}

// AnnouncementContent announces a launch, release or news.
type AnnouncementContent struct {
	Kicker string `json:"kicker,omitempty" jsonschema:"maxLength=30" jsonschema_description:"e.g. 'New', 'Now available', 'v2.0'."`
	Title  string `json:"title" jsonschema:"minLength=1,maxLength=100"`
	Body   string `json:"body,omitempty" jsonschema:"maxLength=240"`
	Date   string `json:"date,omitempty" jsonschema:"maxLength=40"`
	CTA    string `json:"cta,omitempty" jsonschema:"maxLength=40" jsonschema_description:"Call to action, e.g. 'Try it today'."`
}

// OfferContent is a promotion or discount.
type OfferContent struct {
	Headline string `json:"headline" jsonschema:"minLength=1,maxLength=80"`
	Discount string `json:"discount" jsonschema:"minLength=1,maxLength=16" jsonschema_description:"The deal in a few characters, e.g. '30% OFF', '2 for 1', 'Free'."`
	Details  string `json:"details,omitempty" jsonschema:"maxLength=200"`
	Code     string `json:"code,omitempty" jsonschema:"maxLength=24" jsonschema_description:"Promo code."`
	Expires  string `json:"expires,omitempty" jsonschema:"maxLength=40" jsonschema_description:"e.g. 'Ends Sunday' or 'Until 31 Dec'."`
	CTA      string `json:"cta,omitempty" jsonschema:"maxLength=40"`
}

// TestimonialContent is a customer's words.
type TestimonialContent struct {
	Quote    string `json:"quote" jsonschema:"minLength=1,maxLength=300"`
	Person   string `json:"person" jsonschema:"minLength=1,maxLength=60"`
	Role     string `json:"role,omitempty" jsonschema:"maxLength=80" jsonschema_description:"Title and company."`
	Initials string `json:"initials,omitempty" jsonschema:"maxLength=3" jsonschema_description:"Avatar initials; derived from person when omitted."`
	Rating   int    `json:"rating,omitempty" jsonschema:"minimum=0,maximum=5" jsonschema_description:"Stars, 1 to 5; 0 or omitted hides them."`
}

// Speaker is a person on an event's stage.
type Speaker struct {
	Name string `json:"name" jsonschema:"minLength=1,maxLength=50"`
	Role string `json:"role,omitempty" jsonschema:"maxLength=70"`
}

// EventContent is an event invitation.
type EventContent struct {
	Kicker   string    `json:"kicker,omitempty" jsonschema:"maxLength=30" jsonschema_description:"e.g. 'Webinar', 'Meetup', 'Live'."`
	Title    string    `json:"title" jsonschema:"minLength=1,maxLength=100"`
	Date     string    `json:"date" jsonschema:"minLength=1,maxLength=40" jsonschema_description:"As shown, e.g. 'Thu, 12 March 2026'."`
	Time     string    `json:"time,omitempty" jsonschema:"maxLength=40" jsonschema_description:"e.g. '18:00 CET'."`
	Place    string    `json:"place,omitempty" jsonschema:"maxLength=80" jsonschema_description:"Venue, city or 'Online'."`
	Speakers []Speaker `json:"speakers,omitempty" jsonschema:"maxItems=4"`
	CTA      string    `json:"cta,omitempty" jsonschema:"maxLength=40" jsonschema_description:"e.g. 'Register free'."`
}

// AdContent is a product advertisement.
type AdContent struct {
	Headline string   `json:"headline" jsonschema:"minLength=1,maxLength=80"`
	Body     string   `json:"body,omitempty" jsonschema:"maxLength=200"`
	Features []string `json:"features,omitempty" jsonschema:"maxItems=4" jsonschema_description:"Up to 4 short selling points (max 50 characters each)."`
	CTA      string   `json:"cta" jsonschema:"minLength=1,maxLength=40"`
	Price    string   `json:"price,omitempty" jsonschema:"maxLength=24" jsonschema_description:"e.g. 'from $9/mo'."`
}

// HiringContent is a job post.
type HiringContent struct {
	Kicker   string   `json:"kicker,omitempty" jsonschema:"maxLength=30" jsonschema_description:"Label above the role; default: 'We’re hiring' in the content's language."`
	Role     string   `json:"role" jsonschema:"minLength=1,maxLength=80" jsonschema_description:"The position, e.g. 'Senior Go Engineer'."`
	Company  string   `json:"company,omitempty" jsonschema:"maxLength=60"`
	Location string   `json:"location,omitempty" jsonschema:"maxLength=60" jsonschema_description:"e.g. 'Remote (EU)' or 'Berlin'."`
	Type     string   `json:"type,omitempty" jsonschema:"maxLength=30" jsonschema_description:"e.g. 'Full-time'."`
	Perks    []string `json:"perks,omitempty" jsonschema:"maxItems=6" jsonschema_description:"Up to 6 perks (max 60 characters each)."`
	Apply    string   `json:"apply,omitempty" jsonschema:"maxLength=80" jsonschema_description:"How to apply, e.g. 'acme.com/jobs' or 'DM us'."`
}

// ShowcaseContent presents a product or project with its highlights.
type ShowcaseContent struct {
	Kicker   string `json:"kicker,omitempty" jsonschema:"maxLength=30"`
	Title    string `json:"title" jsonschema:"minLength=1,maxLength=80"`
	Subtitle string `json:"subtitle,omitempty" jsonschema:"maxLength=200"`
	Features []Item `json:"features,omitempty" jsonschema:"maxItems=4"`
	CTA      string `json:"cta,omitempty" jsonschema:"maxLength=40"`
}

// CampaignContent is a brand or awareness campaign message.
type CampaignContent struct {
	Kicker   string `json:"kicker,omitempty" jsonschema:"maxLength=30"`
	Headline string `json:"headline" jsonschema:"minLength=1,maxLength=80"`
	Message  string `json:"message,omitempty" jsonschema:"maxLength=240"`
	Hashtag  string `json:"hashtag,omitempty" jsonschema:"maxLength=40" jsonschema_description:"e.g. '#BuildInPublic'."`
	CTA      string `json:"cta,omitempty" jsonschema:"maxLength=40"`
}

// Layouts lists the layout values each format supports (decisions.md); formats not listed take none.
var Layouts = map[string][]string{
	Listicle:  {"1col", "2col"},
	Grid:      {"2x2", "3x2", "3x3"},
	Checklist: {"1col", "2col"},
	Resources: {"1col", "2col"},
}

// Titles and descriptions of the formats, for the catalog.
var Titles = map[string][2]string{
	Cover:        {"Cover", "A title card with a bold headline that opens a thread, article or series."},
	Roadmap:      {"Roadmap", "A timeline of 2 to 6 milestones, marked done, now or next."},
	Listicle:     {"Listicle", "A numbered list of 3 to 10 tips, reasons or steps."},
	Checklist:    {"Checklist", "A list of 3 to 10 ticked or open items."},
	Resources:    {"Resources", "A curated list of 2 to 8 tools, links, books or courses."},
	Comparison:   {"Comparison", "Two options side by side, compared row by row, with an optional verdict."},
	Quote:        {"Quote", "A pull quote with its author."},
	Stat:         {"Stat", "One big number with what it measures, why it matters and its source."},
	Grid:         {"Grid", "A grid of 2 to 9 features or ideas, each with an emoji, a title and a line."},
	Code:         {"Code", "A syntax-highlighted code snippet in an editor window, with a title and caption."},
	Poster:       {"Poster", "A big typographic statement."},
	Announcement: {"Announcement", "A launch, release or news announcement with a call to action."},
	Offer:        {"Offer", "A promotion: the deal, details, promo code and expiry."},
	Testimonial:  {"Testimonial", "A customer's words with name, role, avatar initials and rating."},
	Event:        {"Event", "An event invitation: title, date, time, place and speakers."},
	Ad:           {"Ad", "A product ad: headline, selling points, price and call to action."},
	Hiring:       {"Hiring", "A job post: role, location, type, perks and how to apply."},
	Showcase:     {"Showcase", "A product or project showcase with up to 4 highlights."},
	Campaign:     {"Campaign", "A brand or awareness campaign message with hashtag and call to action."},
}
