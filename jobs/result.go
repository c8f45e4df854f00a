package jobs

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"

	"github.com/brandgen/brandgen"
)

// A task's result is the image bytes as they are, or, when the render reported fit warnings, the
// image behind a small header carrying them:
//
//	"BGW1" | uint32 big-endian length of the warnings JSON | warnings JSON | image bytes
//
// A PNG starts with 0x89 'P' and a GIF with "GIF", so a result without the header is a bare image
// (also every result stored before warnings were carried).
var resultMagic = []byte("BGW1")

// encodeResult is what the worker stores for a rendered image and its warnings.
func encodeResult(img []byte, warnings []brandgen.Warning) ([]byte, error) {
	if len(warnings) == 0 {
		return img, nil
	}
	w, err := json.Marshal(warnings)
	if err != nil {
		return nil, fmt.Errorf("jobs: encode warnings: %w", err)
	}
	out := make([]byte, 0, len(resultMagic)+4+len(w)+len(img))
	out = append(out, resultMagic...)
	out = binary.BigEndian.AppendUint32(out, uint32(len(w)))
	out = append(out, w...)
	return append(out, img...), nil
}

// decodeResult splits a stored result into the image and its warnings. A header that does not
// parse is read as a bare image rather than losing the result.
func decodeResult(raw []byte) ([]byte, []brandgen.Warning) {
	if !bytes.HasPrefix(raw, resultMagic) || len(raw) < len(resultMagic)+4 {
		return raw, nil
	}
	rest := raw[len(resultMagic):]
	n := binary.BigEndian.Uint32(rest)
	rest = rest[4:]
	if uint64(n) > uint64(len(rest)) {
		return raw, nil
	}
	var warnings []brandgen.Warning
	if json.Unmarshal(rest[:n], &warnings) != nil {
		return raw, nil
	}
	return rest[n:], warnings
}
