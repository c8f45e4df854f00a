# syntax=docker/dockerfile:1
# Build stage: cgo for libdeflate only (the PNG re-encode's deflate; SQLite is pure Go). The
# golang image has gcc; the binary links glibc and libdeflate0 of bookworm, as the runtime has.
FROM golang:1.26-bookworm AS build
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libdeflate-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=1 go build -trimpath -ldflags="-s -w" -o /out/brandgen ./cmd/brandgen

# Runtime: Debian's lean headless Chromium, the fonts, libdeflate, tini as PID 1, a non-root user.
FROM debian:bookworm-slim
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      chromium-headless-shell fonts-inter fonts-jetbrains-mono fonts-noto-core \
      fonts-noto-color-emoji fonts-noto-cjk fonts-ebgaramond tini ca-certificates \
      fonts-droid-fallback libdeflate0 \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --home-dir /var/lib/brandgen --create-home brandgen
COPY --from=build /out/brandgen /usr/local/bin/brandgen
ENV BRANDGEN_ADDR=:8080 \
    BRANDGEN_DATA_DIR=/var/lib/brandgen \
    CHROME_PATH=/usr/lib/chromium/chromium-headless-shell
USER brandgen
WORKDIR /var/lib/brandgen
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s CMD ["brandgen", "probe", "http://127.0.0.1:8080/healthz"]
ENTRYPOINT ["/usr/bin/tini", "--", "brandgen"]
CMD ["serve"]
