package ratelimit

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

func TestRedisPeekDoesNotConsume(t *testing.T) {
	client := testRedis(t)
	r := NewRedis(client, 3, time.Minute)
	ctx := context.Background()
	key := uniqueKey(t)
	t.Cleanup(func() { client.Del(context.Background(), "rate:"+redisKeyPrefix+key) })
	for range 10 {
		res, err := r.Peek(ctx, key)
		if err != nil {
			t.Fatal(err)
		}
		if !res.Allowed || res.Remaining != 3 {
			t.Fatalf("peek = %+v, want 3 remaining", res)
		}
	}
	if res, _ := r.Allow(ctx, key); !res.Allowed || res.Remaining != 2 {
		t.Fatalf("allow = %+v, want 2 remaining", res)
	}
	if n, err := client.Exists(ctx, "rate:"+redisKeyPrefix+key).Result(); err != nil || n != 1 {
		t.Fatalf("state key exists = %d, %v; want it under rate:brandgen:", n, err)
	}
}

// TestRedisSharedAcrossLimiters: two limiters (two replicas) share one budget.
func TestRedisSharedAcrossLimiters(t *testing.T) {
	client := testRedis(t)
	opts := client.Options()
	other := redis.NewClient(opts)
	defer other.Close()
	a, b := NewRedis(client, 4, time.Minute), NewRedis(other, 4, time.Minute)
	ctx := context.Background()
	key := uniqueKey(t)
	for i := range 4 {
		l := a
		if i%2 == 1 {
			l = b
		}
		if res, err := l.Allow(ctx, key); err != nil || !res.Allowed {
			t.Fatalf("request %d: %+v, %v", i, res, err)
		}
	}
	if res, _ := b.Allow(ctx, key); res.Allowed {
		t.Fatal("fifth request across replicas passed")
	}
}

// TestRedisErrorsAreReturned needs no Redis: nothing listens on the address.
func TestRedisErrorsAreReturned(t *testing.T) {
	client := redis.NewClient(&redis.Options{Addr: "127.0.0.1:1", MaxRetries: -1, DialerRetries: 1, DialerRetryTimeout: time.Millisecond,
		DialTimeout: 200 * time.Millisecond})
	defer client.Close()
	r := NewRedis(client, 60, time.Minute)
	if _, err := r.Allow(context.Background(), "k"); err == nil {
		t.Fatal("Allow against a dead Redis returned no error")
	}
	if _, err := r.Peek(context.Background(), "k"); err == nil {
		t.Fatal("Peek against a dead Redis returned no error")
	}
	open := FailOpen(r, slog.New(slog.DiscardHandler))
	for i := range 3 {
		start := time.Now()
		res, err := open.Allow(context.Background(), "k")
		if err != nil || !res.Allowed || res.Remaining != 60 || res.Limit != 60 {
			t.Fatalf("FailOpen over a dead Redis = %+v, %v; want allowed with 60 remaining", res, err)
		}
		if d := time.Since(start); i > 0 && d > 10*time.Millisecond {
			t.Fatalf("call %d during the cooldown took %s; Redis should not be asked", i, d)
		}
	}
}
