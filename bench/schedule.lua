-- wrk script: the day schedule through the API, as the app asks for it: one resource's
-- day (the day view) on days spread over the generated years. Env: TOKEN, DAYS (how
-- many days back to pick from; default 3000), ALL=1 for the whole day instead.
dofile("bench/headers.lua")
local days_back = tonumber(os.getenv("DAYS") or "3000")
local whole_day = os.getenv("ALL") == "1"
local paths = {}
local threads = 0

function setup(thread)
  threads = threads + 1
  thread:set("start", threads)
end

function init(args)
  math.randomseed(7 + (start or 0))
  local now = os.time()
  for i = 1, 2000 do
    local day = os.date("!%Y-%m-%d", now - math.random(-60, days_back) * 86400)
    local path = "/api/scheduling/1/appointments?date=" .. day
    if not whole_day then
      path = path .. "&resources=" .. ((i % 4) + 1)
    end
    paths[i] = path
  end
end

local next_path = 1
function request()
  local path = paths[next_path]
  next_path = next_path % #paths + 1
  return wrk.format("GET", path, api_headers())
end

dofile("bench/report.lua")
