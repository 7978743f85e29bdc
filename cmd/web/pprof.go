package main

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"time"
)

// privateRoutes are what the server shows of its insides, kept off the
// public listener: Go's profiles (-pprof) and the Prometheus metrics
// (-metrics-addr). Both name file descriptors, goroutines, rooms and the
// engine, and profiles cost CPU to take, so only whoever can reach their
// address (a loopback address, or the operators' network) may ask.
type privateRoutes map[string]*http.ServeMux

// mux is the routes of one private address, made on first use, so that
// -pprof and -metrics-addr may name the same address.
func (p privateRoutes) mux(addr string) *http.ServeMux {
	if p[addr] == nil {
		p[addr] = http.NewServeMux()
	}
	return p[addr]
}

// addPprof adds Go's profiles at /debug/pprof/ on addr.
func (p privateRoutes) addPprof(addr string) {
	mux := p.mux(addr)
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
}

// serve listens on every private address until ctx ends.
func (p privateRoutes) serve(ctx context.Context, log *slog.Logger) error {
	for addr, mux := range p {
		ln, err := net.Listen("tcp", addr)
		if err != nil {
			return err
		}
		srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
		go func() {
			<-ctx.Done()
			srv.Close()
		}()
		log.Info("private address", "url", "http://"+ln.Addr().String()+"/")
		go srv.Serve(ln) //nolint:errcheck // ends with the server
	}
	return nil
}
