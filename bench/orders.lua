-- wrk script: the orders work list with the app's filter mix (the same as
-- orders-bench's), the session token in the jwt header. Env: TOKEN.
local paths = {
  "/api/orders/?limit=25&user=2&statuses=0",
  "/api/orders/?limit=25&statuses=0",
  "/api/orders/?limit=25&offset=100&statuses=0",
  "/api/orders/?limit=25&offset=25&user=3&statuses=0",
  "/api/orders/?limit=1&statuses=0",
  "/api/orders/?limit=25&statuses=0&offices=1&unsigned=1",
  "/api/orders/?limit=25&statuses=0&types=100,101",
  "/api/orders/?limit=25",
  "/api/orders/?limit=25&user=2",
  "/api/orders/?limit=25&statuses=0&keyword=lipid",
}
dofile("bench/headers.lua")
local threads = 0
local next_path = 1

function setup(thread)
  threads = threads + 1
  thread:set("start", threads)
end

function init(args)
  next_path = (start or 0) % #paths + 1
end

function request()
  local path = paths[next_path]
  next_path = next_path % #paths + 1
  return wrk.format("GET", path, api_headers())
end

dofile("bench/report.lua")
