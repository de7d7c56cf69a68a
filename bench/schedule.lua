-- wrk script: the day schedule through the API, as the app asks for it: one resource's
-- day (the day view) on days spread over the generated years. Env: TOKEN, DAYS (how
-- many days back to pick from; default 3000), ALL=1 for the whole day instead.
local token = os.getenv("TOKEN")
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
  return wrk.format("GET", path, { ["jwt"] = token })
end

function done(summary, latency, requests)
  local ms = function(us) return us / 1000 end
  io.write(string.format("api p50=%.3fms p90=%.3fms p99=%.3fms max=%.3fms rps=%.0f n=%d non2xx=%d errors=%d\n",
    ms(latency:percentile(50)), ms(latency:percentile(90)), ms(latency:percentile(99)), ms(latency.max),
    summary.requests / (summary.duration / 1e6), summary.requests, summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
