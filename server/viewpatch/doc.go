// Package viewpatch turns one JSON view into the next as an RFC 6902 JSON
// Patch, fast enough to run for every seat after every step of thousands
// of live matches on one core.
//
// A seat's view (engine.State.View) is about 20 KB of JSON for a 4-player
// Realigious match, and one step changes a few hundred bytes of it: the
// pending decision, a tile or two, a player's counters. Sending the whole
// view after every step made the view the bulk of the server's work and
// of its traffic (docs/performance.md, "Server load"); protocol 2 sends a
// patch instead (docs/protocol.md, "Frames and views").
//
// General JSON diff libraries decode both documents into trees and cost
// more than encoding the view did. This package keeps, with each view it
// sent, an index of where its values lie (Doc): the root's members and
// their children, two levels deep. Diff compares the next view against
// that index: memory compares find where the documents differ (their
// common prefix and suffix, then the next difference from each value on),
// the values before a difference are taken from the old index by their
// offsets, and only the changed ones are scanned; it returns the patch
// and the next document's index in one pass:
//
//	doc, _ := viewpatch.Index(first)       // the view a client got whole
//	patch, doc, err := viewpatch.Diff(nil, doc, second)
//
// Patches use only "add", "remove" and "replace" on paths at most two
// levels deep ("/pending", "/tiles/12", "/players/1"): a changed value
// below that is replaced whole. Arrays whose length changed get their
// common elements patched, then "add" at "/-" or "remove" from the end.
// Applying the patch to the first document (RFC 6902, any conforming
// library such as fast-json-patch) yields a document equal to the second
// as JSON values.
//
// The input is trusted to be JSON (the server's own encoding): malformed
// input is reported as an error, never a panic, and the caller then sends
// the whole view.
package viewpatch
