// Package realtime serves Boardroom's rooms: the hub is the registry of
// the rooms running in this process (it makes, loads, restores and unloads
// them, package match), it wires a page's socket (package socket) to its
// room, and it counts what happens (metrics.go). In a cluster it is one
// node of several (cluster.go): it holds a lease, runs the rooms it owns
// with a steward for their pages elsewhere (owner.go), and links the pages
// it holds to rooms run elsewhere (link.go), over a bus (wire.go).
package realtime
