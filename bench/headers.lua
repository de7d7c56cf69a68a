-- The headers every wrk script of bench/ sends, as the app in Chromium does: the session
-- token (env TOKEN) and the browser's Accept-Encoding, so the API's compression of its
-- answers is measured too. Loaded with dofile("bench/headers.lua") from the repository root.
local token = os.getenv("TOKEN")

function api_headers()
  return { ["jwt"] = token, ["Accept-Encoding"] = "gzip, deflate, br, zstd" }
end
