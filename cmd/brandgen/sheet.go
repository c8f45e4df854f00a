package main

import (
	"context"
	"io"
	"log/slog"
)

// sheetCmd renders contact sheets; wired once the chart pages land.
func sheetCmd(ctx context.Context, cfg config, log *slog.Logger, args []string, stdout io.Writer) error {
	return usageError("sheet: not available yet")
}
