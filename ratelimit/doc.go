// Package ratelimit enforces per-key request limits (60 requests per rolling minute per API key in
// brandgen) with the generic cell rate algorithm: in process (Memory) or shared by every replica
// through Redis (Redis, when REDIS_URL is configured). Both implementations agree on the numbers
// they report, so the RateLimit-* headers do not depend on the deployment.
//
// With limit L per window W the bucket holds L requests and refills one every W/L (the emission
// interval): the first L requests of a burst pass, the next is denied with RetryAfter of about W/L,
// and Reset is the time until the bucket is full again.
package ratelimit
