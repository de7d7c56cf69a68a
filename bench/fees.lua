-- wrk script: the fee search through the API, with the searches billing-bench measured
-- directly. Env: TOKEN, FEE_QUERIES (the file billing-bench wrote).
local token = os.getenv("TOKEN")
local queries = {}
for line in io.lines(os.getenv("FEE_QUERIES") or "bench/data/fee-queries.txt") do
  queries[#queries + 1] = line
end

local function encode(text)
  return (text:gsub("[^%w%-%.]", function(c) return string.format("%%%02X", string.byte(c)) end))
end

local next_query = 1
function request()
  local query = queries[next_query]
  next_query = next_query % #queries + 1
  return wrk.format("GET", "/api/fee/?feeScheduleId=1&search=" .. encode(query), { ["jwt"] = token })
end

function done(summary, latency, requests)
  local ms = function(us) return us / 1000 end
  io.write(string.format("api p50=%.3fms p90=%.3fms p99=%.3fms max=%.3fms rps=%.0f n=%d non2xx=%d errors=%d\n",
    ms(latency:percentile(50)), ms(latency:percentile(90)), ms(latency:percentile(99)), ms(latency.max),
    summary.requests / (summary.duration / 1e6), summary.requests, summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
