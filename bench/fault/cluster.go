package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Throwaway dependencies: a PostgreSQL cluster and a Redis server this command starts on a free
// loopback port (never the machine's own 5432/6379), stops and starts again for the outage faults,
// and removes on close (process stopped, temp folder deleted), also when the run is interrupted.

// freePort is a loopback TCP port nothing listens on now.
func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// listening reports whether something accepts connections on the loopback port.
func listening(port int) bool {
	c, err := net.DialTimeout("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)), 300*time.Millisecond)
	if err != nil {
		return false
	}
	c.Close()
	return true
}

// detached runs a command in its own process group, so a Ctrl-C on the terminal reaches this
// command only and the cleanup below decides how the dependency stops.
func detached(cmd *exec.Cmd) *exec.Cmd {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	return cmd
}

// postgres is a throwaway PostgreSQL cluster in a temp folder.
type postgres struct {
	bin    string // folder of initdb and pg_ctl
	dir    string // temp folder: data/, log, the Unix socket
	port   int
	asUser string // run the binaries as this user (initdb refuses root); "" as ourselves
	closed bool
}

// pgBinDir finds initdb and pg_ctl: `pg_config --bindir`, the newest /usr/lib/postgresql/*/bin,
// then PATH.
func pgBinDir() (string, error) {
	ok := func(d string) bool {
		for _, b := range []string{"initdb", "pg_ctl"} {
			if st, err := os.Stat(filepath.Join(d, b)); err != nil || st.IsDir() {
				return false
			}
		}
		return true
	}
	if out, err := exec.Command("pg_config", "--bindir").Output(); err == nil {
		if d := strings.TrimSpace(string(out)); ok(d) {
			return d, nil
		}
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	version := func(d string) int { n, _ := strconv.Atoi(filepath.Base(filepath.Dir(d))); return n }
	sort.Slice(dirs, func(i, j int) bool { return version(dirs[i]) > version(dirs[j]) })
	for _, d := range dirs {
		if ok(d) {
			return d, nil
		}
	}
	if p, err := exec.LookPath("initdb"); err == nil && ok(filepath.Dir(p)) {
		return filepath.Dir(p), nil
	}
	return "", errors.New("no PostgreSQL server binaries (initdb, pg_ctl): not from pg_config --bindir, /usr/lib/postgresql/*/bin or PATH")
}

// startPostgres initialises a cluster in a new temp folder and starts it on a free loopback port.
// On error nothing is left behind.
func startPostgres() (_ *postgres, err error) {
	bin, err := pgBinDir()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "brandgen-fault-pg-")
	if err != nil {
		return nil, err
	}
	pg := &postgres{bin: bin, dir: dir}
	defer func() {
		if err != nil {
			pg.close()
		}
	}()
	if err := markOwner(dir); err != nil {
		return nil, err
	}
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			return nil, fmt.Errorf("running as root, and initdb refuses root: %w", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			return nil, err
		}
		pg.asUser = "postgres"
	}
	if err := pg.run(60*time.Second, "initdb", "-D", pg.data(), "-U", "postgres", "-A", "trust", "-E", "UTF8",
		"--locale=C", "--no-sync"); err != nil {
		return nil, err
	}
	for range 3 { // the free port may be taken between freePort and the bind: retry
		if pg.port, err = freePort(); err != nil {
			return nil, err
		}
		if err = pg.start(); err == nil {
			return pg, nil
		}
	}
	return nil, err
}

func (pg *postgres) data() string { return filepath.Join(pg.dir, "data") }

// url is the cluster's connection URL (trust authentication, loopback only).
func (pg *postgres) url() string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", pg.port)
}

// run runs a PostgreSQL binary (as pg.asUser when set) with a time limit.
func (pg *postgres) run(limit time.Duration, name string, args ...string) error {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	argv := append([]string{filepath.Join(pg.bin, name)}, args...)
	if pg.asUser != "" {
		argv = append([]string{"runuser", "-u", pg.asUser, "--"}, argv...)
	}
	cmd := detached(exec.CommandContext(ctx, argv[0], argv[1:]...))
	cmd.Dir = pg.dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s: %w: %s", name, err, strings.TrimSpace(out.String()))
	}
	return nil
}

// start starts the cluster and waits until it accepts connections.
func (pg *postgres) start() error {
	opts := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=60",
		pg.port, pg.dir)
	return pg.run(60*time.Second, "pg_ctl", "-D", pg.data(), "-l", filepath.Join(pg.dir, "log"), "-w", "-t", "50", "-s", "-o", opts, "start")
}

// stop stops the cluster (fast shutdown: open sessions are ended, as in a failover or restart).
func (pg *postgres) stop() error {
	return pg.run(60*time.Second, "pg_ctl", "-D", pg.data(), "-m", "fast", "-w", "-t", "50", "-s", "stop")
}

// running reports whether the cluster's postmaster is up.
func (pg *postgres) running() bool {
	return pg.run(10*time.Second, "pg_ctl", "-D", pg.data(), "-s", "status") == nil
}

// close stops the cluster if it runs and removes its folder; safe to call twice.
func (pg *postgres) close() {
	if pg.closed {
		return
	}
	pg.closed = true
	if _, err := os.Stat(filepath.Join(pg.data(), "postmaster.pid")); err == nil && pg.running() {
		if pg.stop() != nil {
			_ = pg.run(30*time.Second, "pg_ctl", "-D", pg.data(), "-m", "immediate", "-w", "-s", "stop")
		}
	}
	_ = os.RemoveAll(pg.dir)
}

// redisServer is a throwaway Redis without persistence, a child of this process.
type redisServer struct {
	bin, dir string
	port     int
	cmd      *exec.Cmd
	exited   chan struct{}
	closed   bool
}

// startRedis starts `redis-server --port <free> --bind 127.0.0.1 --save ” --appendonly no` in a
// new temp folder and waits until it accepts connections.
func startRedis() (_ *redisServer, err error) {
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		return nil, errors.New("no redis-server on PATH")
	}
	dir, err := os.MkdirTemp("", "brandgen-fault-redis-")
	if err != nil {
		return nil, err
	}
	r := &redisServer{bin: bin, dir: dir}
	defer func() {
		if err != nil {
			r.close()
		}
	}()
	if err := markOwner(dir); err != nil {
		return nil, err
	}
	for range 3 {
		if r.port, err = freePort(); err != nil {
			return nil, err
		}
		if err = r.start(); err == nil {
			return r, nil
		}
	}
	return nil, err
}

func (r *redisServer) url() string { return fmt.Sprintf("redis://127.0.0.1:%d/0", r.port) }

func (r *redisServer) start() error {
	cmd := detached(exec.Command(r.bin, "--port", strconv.Itoa(r.port), "--bind", "127.0.0.1", "--save", "",
		"--appendonly", "no", "--dir", r.dir, "--daemonize", "no", "--logfile", filepath.Join(r.dir, "log")))
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL // never outlives this command, even after a kill -9
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("redis-server: %w", err)
	}
	r.cmd, r.exited = cmd, make(chan struct{})
	go func() { _ = cmd.Wait(); close(r.exited) }()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		select {
		case <-r.exited:
			log, _ := os.ReadFile(filepath.Join(r.dir, "log"))
			return fmt.Errorf("redis-server exited at start: %s", lastLines(string(log), 3))
		default:
		}
		if listening(r.port) {
			return nil
		}
	}
	_ = r.stop()
	return errors.New("redis-server did not accept connections within 10 s")
}

// stop ends the server (SIGTERM, SIGKILL after 5 s) and waits for it.
func (r *redisServer) stop() error {
	if r.cmd == nil {
		return nil
	}
	_ = r.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-r.exited:
	case <-time.After(5 * time.Second):
		_ = r.cmd.Process.Kill()
		<-r.exited
	}
	r.cmd = nil
	return nil
}

// close stops the server and removes its folder; safe to call twice.
func (r *redisServer) close() {
	if r.closed {
		return
	}
	r.closed = true
	_ = r.stop()
	_ = os.RemoveAll(r.dir)
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], " | ")
}

// leftovers counts what the throwaway dependencies left: processes whose command line names their
// folder or port, ports still accepting connections, folders still on disk.
func leftovers(pg *postgres, r *redisServer) (procs, ports, dirs int) {
	var marks []string
	var portList []int
	var dirList []string
	if pg != nil {
		marks = append(marks, pg.dir)
		portList, dirList = append(portList, pg.port), append(dirList, pg.dir)
	}
	if r != nil {
		marks = append(marks, fmt.Sprintf("127.0.0.1:%d", r.port), r.dir)
		portList, dirList = append(portList, r.port), append(dirList, r.dir)
	}
	if len(marks) == 0 {
		return 0, 0, 0
	}
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/cmdline")
		if err != nil {
			continue
		}
		line := strings.ReplaceAll(string(b), "\x00", " ")
		for _, m := range marks {
			if strings.Contains(line, m) {
				procs++
				break
			}
		}
	}
	for _, p := range portList {
		if listening(p) {
			ports++
		}
	}
	for _, d := range dirList {
		if _, err := os.Stat(d); err == nil {
			dirs++
		}
	}
	return procs, ports, dirs
}

// markOwner writes this process's id into a throwaway folder, so a later run can tell a folder of a
// run that was killed (kill -9: no cleanup ran) from one of a run still going.
func markOwner(dir string) error {
	return os.WriteFile(filepath.Join(dir, "owner"), []byte(strconv.Itoa(os.Getpid())), 0o644)
}

// cleanStale stops the cluster of and removes every throwaway folder whose owner process is gone,
// and answers how many it removed.
func cleanStale() int {
	dirs, _ := filepath.Glob(filepath.Join(os.TempDir(), "brandgen-fault-*")) // the run's own, -pg-, -redis-
	n := 0
	for _, d := range dirs {
		b, err := os.ReadFile(filepath.Join(d, "owner"))
		if err != nil {
			continue // not ours, or still being set up
		}
		pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
		if err != nil || pid <= 0 || syscall.Kill(pid, 0) != syscall.ESRCH {
			continue // the owner still runs
		}
		if _, err := os.Stat(filepath.Join(d, "data", "postmaster.pid")); err == nil {
			if bin, err := pgBinDir(); err == nil {
				pg := &postgres{bin: bin, dir: d}
				if os.Geteuid() == 0 {
					pg.asUser = "postgres"
				}
				_ = pg.run(30*time.Second, "pg_ctl", "-D", pg.data(), "-m", "immediate", "-w", "-s", "stop")
			}
		}
		if os.RemoveAll(d) == nil {
			n++
		}
	}
	return n
}
