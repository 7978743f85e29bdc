package pages_test

import (
	"encoding/json"
	"image/png"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"boardroom/web/sitetest"
	"boardroom/web/webtest"
)

// The site is installable: every page links a manifest that parses and
// says what an app needs, its icons are served in the sizes it claims
// (with a maskable one), and a service worker is served at the root for
// this build, naming files that are all served.
func TestInstallable(t *testing.T) {
	ts := sitetest.New(t)
	c := ts.Browser(t)
	fetch := func(u string) (*http.Response, []byte) {
		t.Helper()
		resp, err := c.Get(ts.URL + u)
		require.NoError(t, err)
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		return resp, b
	}

	for _, page := range []string{"/", "/rules", "/rules/kalah"} {
		_, doc := webtest.Get(t, c, ts.URL+page)
		href, ok := doc.Find(`link[rel=manifest]`).Attr("href")
		require.True(t, ok, "%s links the manifest", page)
		assert.Equal(t, "/manifest.webmanifest", href)
		assert.Equal(t, 2, doc.Find(`meta[name=theme-color][media]`).Length(), "%s: a bar colour for each theme", page)
	}

	resp, body := fetch("/manifest.webmanifest")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "application/manifest+json", resp.Header.Get("Content-Type"))
	var m struct {
		Name            string `json:"name"`
		ShortName       string `json:"short_name"`
		StartURL        string `json:"start_url"`
		Display         string `json:"display"`
		ThemeColor      string `json:"theme_color"`
		BackgroundColor string `json:"background_color"`
		Icons           []struct{ Src, Sizes, Type, Purpose string }
	}
	require.NoError(t, json.Unmarshal(body, &m), "the manifest parses")
	assert.Equal(t, "Boardroom", m.Name)
	assert.Equal(t, "Boardroom", m.ShortName)
	assert.Equal(t, "/", m.StartURL)
	assert.Equal(t, "standalone", m.Display)
	assert.Regexp(t, `^#[0-9a-f]{6}$`, m.ThemeColor)
	assert.Regexp(t, `^#[0-9a-f]{6}$`, m.BackgroundColor)
	assert.Contains(t, string(body), `"dark"`, "the dark theme's colours")

	sizes := map[string]bool{}
	for _, icon := range m.Icons {
		resp, b := fetch(icon.Src)
		require.Equal(t, http.StatusOK, resp.StatusCode, icon.Src)
		assert.Equal(t, icon.Type, strings.Split(resp.Header.Get("Content-Type"), ";")[0], icon.Src)
		if icon.Type == "image/png" {
			cfg, err := png.DecodeConfig(strings.NewReader(string(b)))
			require.NoError(t, err, icon.Src)
			assert.Equal(t, icon.Sizes, strconv.Itoa(cfg.Width)+"x"+strconv.Itoa(cfg.Height), icon.Src)
		}
		sizes[icon.Purpose+" "+icon.Sizes] = true
	}
	for _, want := range []string{"any any", "any 192x192", "any 512x512", "maskable 192x192", "maskable 512x512"} {
		assert.True(t, sizes[want], "an icon %s", want)
	}

	resp, sw := fetch("/sw.js")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, resp.Header.Get("Content-Type"), "javascript")
	assert.Equal(t, "no-cache", resp.Header.Get("Cache-Control"), "a deploy's worker is seen at once")
	cfg := regexp.MustCompile(`const CONFIG = (\{.*\});`).FindSubmatch(sw)
	require.NotNil(t, cfg, "the worker is given its configuration")
	var conf struct {
		Version         string
		Precache, Pages []string
	}
	require.NoError(t, json.Unmarshal(cfg[1], &conf))
	assert.NotEqual(t, "dev", conf.Version, "the build's version names the cache")
	assert.Contains(t, conf.Pages, "/", "the lobby is kept")
	assert.Contains(t, conf.Precache, "/static/app.css?v="+conf.Version)
	for _, u := range append(conf.Precache, conf.Pages...) {
		resp, _ := fetch(u)
		assert.Equal(t, http.StatusOK, resp.StatusCode, "%s is served, or the worker would not install", u)
	}
}
