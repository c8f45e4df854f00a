package logo

// motifs by name.
var motifs = map[string]motif{
	"fox": fox, "leaf": leaf, "wave": wave, "shield": shield, "bolt": bolt, "mountain": mountain,
	"star": starMark, "cloud": cloud, "bird": bird, "flower": flower, "rocket": rocket, "eye": eye,
	"heart": heart, "drop": drop, "sun": sun, "key": key, "moon": moon, "tree": tree, "fish": fish,
	"paw": paw, "flame": flame, "crown": crown, "gem": gem, "atom": atom, "cube": cube, "bubble": bubble,
	"lock": lock, "growth": growth, "globe": globe, "compass": compass,
}

// synonyms map a prompt word to its motif.
var synonyms = map[string]string{}

func init() {
	for name, words := range map[string][]string{
		"fox":      {"fox", "foxes", "vixen", "clever", "cunning"},
		"leaf":     {"leaf", "leaves", "plant", "eco", "green", "organic", "nature", "natural", "herb", "garden", "vegan", "sprout", "grow", "botanical"},
		"wave":     {"wave", "ocean", "sea", "surf", "water", "marine", "tide", "beach", "coast", "sound", "audio"},
		"shield":   {"shield", "security", "secure", "protect", "protection", "guard", "defense", "defence", "safety", "insurance", "cyber"},
		"bolt":     {"bolt", "lightning", "energy", "electric", "power", "fast", "speed", "flash", "charge", "thunder", "volt"},
		"mountain": {"mountain", "peak", "summit", "alpine", "hike", "hiking", "outdoor", "outdoors", "adventure", "climb", "climbing", "trail"},
		"star":     {"star", "stellar", "award", "shine", "sparkle", "spark", "magic", "star", "favorite", "celebrity"},
		"cloud":    {"cloud", "weather", "sky", "hosting", "saas", "server", "storage", "serverless"},
		"bird":     {"bird", "wing", "wings", "fly", "flight", "dove", "sparrow", "eagle", "hawk", "owl", "freedom", "tweet"},
		"flower":   {"flower", "bloom", "blossom", "floral", "florist", "petal", "rose", "lotus", "spa", "beauty", "wedding"},
		"rocket":   {"rocket", "launch", "space", "startup", "boost", "orbit", "astronaut", "mission", "accelerator"},
		"eye":      {"eye", "vision", "see", "optic", "optical", "optician", "watch", "insight", "visual", "view", "camera", "photo", "photography"},
		"heart":    {"heart", "love", "care", "health", "healthcare", "cardio", "dating", "charity", "kind", "kindness", "clinic", "medical"},
		"drop":     {"drop", "droplet", "liquid", "oil", "pure", "clean", "hydrate", "ink", "blood", "rain"},
		"sun":      {"sun", "solar", "sunny", "sunrise", "sunset", "morning", "summer", "bright", "daylight", "dawn"},
		"key":      {"key", "access", "unlock", "realty", "realtor", "estate", "property", "rental", "home", "housing"},
		"moon":     {"moon", "night", "sleep", "dream", "lunar", "crescent", "evening", "calm"},
		"tree":     {"tree", "forest", "wood", "woods", "pine", "oak", "timber", "roots", "family"},
		"fish":     {"fish", "fishing", "seafood", "aquarium", "sushi", "koi", "salmon"},
		"paw":      {"paw", "pet", "pets", "dog", "dogs", "cat", "cats", "puppy", "vet", "veterinary", "animal", "grooming"},
		"flame":    {"flame", "fire", "hot", "burn", "spicy", "heat", "passion", "ignite", "grill", "bbq", "candle"},
		"crown":    {"crown", "king", "queen", "royal", "premium", "luxury", "regal", "prince", "princess", "elite"},
		"gem":      {"gem", "diamond", "jewel", "jewelry", "jewellery", "crystal", "precious", "ruby", "sapphire"},
		"atom":     {"atom", "science", "lab", "laboratory", "physics", "quantum", "research", "chemistry", "nuclear", "biotech"},
		"cube":     {"cube", "block", "blocks", "blockchain", "box", "build", "builder", "construction", "logistics", "shipping", "3d", "crypto", "package"},
		"bubble":   {"bubble", "chat", "message", "messaging", "talk", "community", "social", "conversation", "forum", "support", "podcast"},
		"lock":     {"lock", "privacy", "private", "password", "vault", "encryption", "encrypted", "safe"},
		"growth":   {"growth", "finance", "financial", "bank", "banking", "invest", "investing", "investment", "money", "analytics", "data", "chart", "metrics", "fintech", "accounting", "wealth"},
		"globe":    {"globe", "world", "global", "earth", "planet", "travel", "international", "language", "translation", "geo", "map"},
		"compass":  {"compass", "navigate", "navigation", "direction", "explore", "explorer", "guide", "north", "journey", "consulting"},
	} {
		for _, w := range words {
			synonyms[w] = name
		}
	}
}
