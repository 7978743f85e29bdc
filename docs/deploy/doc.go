// Package deploy holds the files for running Boardroom on several machines
// (README.md in this folder): HAProxy's configuration and a systemd unit.
// It has no code; its test runs haproxy.cfg, as scripts/cluster generates
// it, in front of three stand-in nodes.
package deploy
