package diagrams

import (
	"context"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/renderer"
)

// DiagramPage is the page of the account's diagram as drawn now, with its own saved brand and
// display settings; size replaces the saved size when not "". Reveal animations (package animate)
// capture it frame by frame: its nodes, edges and groups carry the reveal marks. An unknown id or
// another account's diagram is brandgen.ErrNotFound.
func (s *Service) DiagramPage(ctx context.Context, accountID int64, id string, size brandgen.Size) (renderer.Page, error) {
	sd, err := s.load(ctx, accountID, id)
	if err != nil {
		return renderer.Page{}, err
	}
	_, pg, err := s.compose(ctx, accountID, sd.Type, sd.Title, sd.model, sd.Brand, sd.settings.with(Overrides{Size: size}))
	return pg, err
}
