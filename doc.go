// Package brandgen holds the domain types every brandgen package shares: sizes, themes and styles of
// a render, brands, accounts and API keys, plans and their volumes, and the service's error codes.
//
// It imports no dependency outside the standard library, so any package may import it.
package brandgen
