// Package enginetext is Boardroom's engine text protocol: a line protocol,
// after GTP (the Go Text Protocol), by which a program that plays the games
// (an engine) is driven over its standard input and output. The full
// description with example sessions is docs/engine-protocol.md; in short:
//
// A command is one line of words separated by spaces or tabs: the command's
// name, then its arguments. Blank lines and lines starting with # are
// ignored (no reply). Every other line gets exactly one reply, in order:
//
//	= TEXT        success; TEXT may be empty ("=")
//	? REASON      refusal: REASON says why, and nothing changed
//
// A reply may go on over more lines (show: the text board), and every reply
// ends with an empty line, as in GTP; no line inside a reply is empty.
//
// The commands: name, protocol_version, list_commands, game GAME [k=v ...],
// play MOVE, genmove [SEAT], time MS, level LEVEL [ALGORITHM], undo, show,
// legal [SEAT], result and quit. Moves are written in each game's notation
// (docs/rules.md); a simultaneous turn (Angels & Demons) is played as
// "play A+B", and its choices are asked for one seat at a time with
// "genmove SEAT", which does not play the choice.
//
// The package has both ends:
//
//   - Serve is an engine: a Boardroom computer player (game.PlayersOf)
//     behind the protocol, used by "play engine".
//   - Client drives an engine: a program it starts (Start, with a command
//     line split into words by SplitCommand) or any pair of streams
//     (Connect). Every command's wait ends with its context; a refusal is a
//     *Refusal carrying the engine's reason; an engine that exits, stays
//     silent or writes garbage gives an error, never a hang, and Close never
//     leaves a process behind.
//
// Serve plays the games of the registry: import boardroom/game/all (or the
// games wanted) for its side effect.
package enginetext
