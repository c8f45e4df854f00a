// Package branding validates brands and resolves the badge a render stamps: it merges a per-call
// brand over the saved one, falls back to the service's default mark, checks and inlines logos
// (data URIs are sniffed and SVGs checked for anything that could run or load), and fetches https
// logos from public addresses only, with an in-memory cache.
//
// Caps: name 80 characters, handle 40, tagline 140 (Unicode code points); logos 2 MiB decoded.
package branding
