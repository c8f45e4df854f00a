// Package visualtest holds end-to-end layout tests: every pattern's samples (the longest content
// the schemas allow included) are rendered in real Chromium in every style and size, and a script
// run in the finished page checks that no text is clipped or escapes the content area.
package visualtest
