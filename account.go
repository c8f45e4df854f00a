package brandgen

import "time"

// Plan is an account's subscription plan.
type Plan string

// The plans of decisions.md.
const (
	PlanFree      Plan = "free"
	PlanPro       Plan = "pro"
	PlanDeveloper Plan = "developer"
)

// Plans lists the plans.
var Plans = []Plan{PlanFree, PlanPro, PlanDeveloper}

// Valid reports whether p is a known plan.
func (p Plan) Valid() bool { return oneOf(p, Plans) }

// PlanStatus says whether the plan is paid up.
type PlanStatus string

// Plan statuses.
const (
	PlanActive   PlanStatus = "active"
	PlanInactive PlanStatus = "inactive"
)

// Account owns API keys, a saved brand, settings, usage counters, logo credits and diagrams.
type Account struct {
	ID          int64      `json:"id"`
	Name        string     `json:"name"`
	Plan        Plan       `json:"plan"`
	PlanStatus  PlanStatus `json:"planStatus"`
	LogoCredits int        `json:"logoCredits"`
	FreeLogos   int        `json:"freeLogosLeft"`
	Settings    Settings   `json:"settings"`
	CreatedAt   time.Time  `json:"createdAt"`
}

// CanGenerate reports whether the account may call generation endpoints over the API: an active
// developer plan.
func (a Account) CanGenerate() bool { return a.Plan == PlanDeveloper && a.PlanStatus == PlanActive }

// Settings are an account's saved preferences.
type Settings struct {
	DiagramDefaults DiagramDefaults `json:"diagramDefaults"`
}

// DiagramDefaults are the saved fallbacks for /diagrams and refine. Empty or nil means "not set":
// the system default applies (light, auto, structured, opaque, unbranded).
type DiagramDefaults struct {
	Theme       Theme  `json:"theme,omitempty"`
	Size        Size   `json:"size,omitempty"`
	NodeStyle   string `json:"nodeStyle,omitempty"`
	Transparent *bool  `json:"transparent,omitempty"`
	Branded     *bool  `json:"branded,omitempty"`
}

// NodeStyles are the allowed diagram node styles.
var NodeStyles = []string{"structured", "freeform"}

// APIKey is a stored key: only its SHA-256 hash and a display prefix are kept.
type APIKey struct {
	ID        int64      `json:"id"`
	AccountID int64      `json:"accountId"`
	Prefix    string     `json:"prefix"`
	Hash      []byte     `json:"-"`
	CreatedAt time.Time  `json:"createdAt"`
	RevokedAt *time.Time `json:"revokedAt,omitempty"`
}

// Volume is how many metered generations a plan allows and over what period.
type Volume struct {
	Limit   int
	Monthly bool // false: lifetime
}

// DefaultVolumes are the plan volumes of decisions.md; operators may override them.
var DefaultVolumes = map[Plan]Volume{
	PlanDeveloper: {Limit: 900, Monthly: true},
	PlanPro:       {Limit: 200, Monthly: true},
	PlanFree:      {Limit: 50, Monthly: false},
}

// LifetimePeriod is the period key of lifetime volumes.
const LifetimePeriod = "lifetime"

// Period returns the usage-counter key for t under v ("2026-11" or "lifetime") and when that period
// resets (zero for lifetime).
func (v Volume) Period(t time.Time) (key string, resetsAt time.Time) {
	if !v.Monthly {
		return LifetimePeriod, time.Time{}
	}
	t = t.UTC()
	start := time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
	return start.Format("2006-01"), start.AddDate(0, 1, 0)
}

// Logo pricing of decisions.md.
const (
	FreeLogosPerAccount = 1
	LogoPriceCredits    = 25
)
