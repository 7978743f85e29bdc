// Package frametest applies room updates to a parsed page the way htmx's
// WebSocket extension does in the browser, for tests that follow a page
// without a browser.
package frametest

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/PuerkitoBio/goquery"
)

// Apply does to doc what the page does with an update: every top-level
// element is swapped in for the element with its id, or, marked
// hx-swap-oob="beforeend:#ID", has its contents appended to #ID.
func Apply(doc *goquery.Document, update []byte) error {
	msg, err := goquery.NewDocumentFromReader(bytes.NewReader(update))
	if err != nil {
		return err
	}
	var failed error
	msg.Find("body").Children().EachWithBreak(func(_ int, el *goquery.Selection) bool {
		if oob, ok := el.Attr("hx-swap-oob"); ok {
			id, found := strings.CutPrefix(oob, "beforeend:#")
			if !found {
				failed = fmt.Errorf("unknown swap %q", oob)
				return false
			}
			target := doc.Find("#" + id)
			if target.Length() != 1 {
				failed = fmt.Errorf("%d elements #%s to append to", target.Length(), id)
				return false
			}
			target.AppendSelection(el.Contents())
			return true
		}
		id := el.AttrOr("id", "")
		target := doc.Find("#" + id)
		if id == "" || target.Length() != 1 {
			failed = fmt.Errorf("an update's element with id %q matches %d elements", id, target.Length())
			return false
		}
		target.ReplaceWithSelection(el)
		return true
	})
	return failed
}

// Live is the outer HTML of the page's #live fragment.
func Live(doc *goquery.Document) (string, error) {
	return goquery.OuterHtml(doc.Find("#live"))
}
