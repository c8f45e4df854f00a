// Package keys makes and parses API keys. A key is "bg_" + 8 public characters (the prefix, stored
// and shown in listings) + "_" + 32 secret characters; only the SHA-256 hash of the whole key is
// stored, so a key is shown once, at creation.
package keys

import (
	"crypto/rand"
	"crypto/sha256"
	"strings"
)

const (
	alphabet  = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"
	prefixLen = len("bg_") + 8
	secretLen = 32
	keyLen    = prefixLen + 1 + secretLen
)

// New returns a fresh key, its prefix and its hash.
func New() (key, prefix string, hash []byte) {
	key = "bg_" + random(8) + "_" + random(secretLen)
	return key, key[:prefixLen], Hash(key)
}

// Prefix returns the public prefix of a well-formed key.
func Prefix(key string) (string, bool) {
	if len(key) != keyLen || !strings.HasPrefix(key, "bg_") || key[prefixLen] != '_' {
		return "", false
	}
	return key[:prefixLen], true
}

// Hash is what the store keeps of a key.
func Hash(key string) []byte {
	sum := sha256.Sum256([]byte(key))
	return sum[:]
}

func random(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand never fails on Linux
	}
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return string(b)
}
