package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/app"
	"github.com/brandgen/brandgen/db"
	"github.com/brandgen/brandgen/keys"
)

func openStore(ctx context.Context, cfg app.Config) (db.Store, error) {
	store, err := db.Open(ctx, cfg.DatabaseURL, cfg.DataDir)
	if err != nil {
		return nil, fmt.Errorf("open database: %w", err)
	}
	return store, nil
}

func migrate(ctx context.Context, cfg app.Config, stdout io.Writer) error {
	store, err := openStore(ctx, cfg) // Open applies the migrations
	if err != nil {
		return err
	}
	defer store.Close()
	fmt.Fprintln(stdout, "migrations applied")
	return nil
}

func keysCmd(ctx context.Context, cfg app.Config, args []string, stdout io.Writer) error {
	const help = "usage: brandgen keys create --account NAME [--plan free|pro|developer] | list --account NAME | revoke PREFIX"
	if len(args) == 0 {
		return usageError(help)
	}
	fs := flag.NewFlagSet("keys "+args[0], flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	name := fs.String("account", "", "account name")
	plan := fs.String("plan", "developer", "plan: free, pro or developer")
	if err := fs.Parse(args[1:]); err != nil {
		return usageError(err.Error() + "\n" + help)
	}
	switch args[0] {
	case "create":
		if *name == "" {
			return usageError("keys create: --account is required\n" + help)
		}
		if !brandgen.Plan(*plan).Valid() {
			return usageError("keys create: --plan must be one of " + brandgen.Enum(brandgen.Plans))
		}
	case "list":
		if *name == "" {
			return usageError("keys list: --account is required\n" + help)
		}
	case "revoke":
		if fs.NArg() != 1 {
			return usageError("keys revoke: give exactly one key prefix\n" + help)
		}
	default:
		return usageError(help)
	}
	store, err := openStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer store.Close()
	switch args[0] {
	case "create":
		key, acct, err := createKey(ctx, store, *name, brandgen.Plan(*plan))
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "account %s (plan %s); the key is shown once:\n%s\n", acct.Name, acct.Plan, key)
	case "list":
		acct, err := store.AccountByName(ctx, *name)
		if err != nil {
			return fmt.Errorf("account %q: %w", *name, err)
		}
		list, err := store.ListKeys(ctx, acct.ID)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%-14s %-20s %s\n", "PREFIX", "CREATED", "REVOKED")
		for _, k := range list {
			revoked := "-"
			if k.RevokedAt != nil {
				revoked = k.RevokedAt.UTC().Format(time.RFC3339)
			}
			fmt.Fprintf(stdout, "%-14s %-20s %s\n", k.Prefix, k.CreatedAt.UTC().Format(time.RFC3339), revoked)
		}
	case "revoke":
		if err := store.RevokeKey(ctx, fs.Arg(0)); err != nil {
			if errors.Is(err, brandgen.ErrNotFound) {
				return fmt.Errorf("no key with prefix %q", fs.Arg(0))
			}
			return err
		}
		fmt.Fprintf(stdout, "revoked %s\n", fs.Arg(0))
	}
	return nil
}

// createKey ensures the account exists on plan and returns a new key for it.
func createKey(ctx context.Context, store db.Store, name string, plan brandgen.Plan) (string, brandgen.Account, error) {
	acct, err := store.EnsureAccount(ctx, name, plan)
	if err != nil {
		return "", acct, fmt.Errorf("account %q: %w", name, err)
	}
	key, prefix, hash := keys.New()
	if _, err := store.CreateKey(ctx, acct.ID, prefix, hash); err != nil {
		return "", acct, fmt.Errorf("store key: %w", err)
	}
	return key, acct, nil
}

func creditsCmd(ctx context.Context, cfg app.Config, args []string, stdout io.Writer) error {
	const help = "usage: brandgen credits add --account NAME --amount N"
	if len(args) == 0 || args[0] != "add" {
		return usageError(help)
	}
	fs := flag.NewFlagSet("credits add", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	name := fs.String("account", "", "account name")
	amount := fs.Int("amount", 0, "credits to add (negative removes)")
	if err := fs.Parse(args[1:]); err != nil || *name == "" || *amount == 0 {
		return usageError(help)
	}
	store, err := openStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer store.Close()
	acct, err := store.AccountByName(ctx, *name)
	if err != nil {
		return fmt.Errorf("account %q: %w", *name, err)
	}
	acct, err = store.AddLogoCredits(ctx, acct.ID, *amount)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "account %s: %d logo credits, %d free logo(s) left\n", acct.Name, acct.LogoCredits, acct.FreeLogos)
	return nil
}
