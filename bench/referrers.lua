-- wrk script: the referrer search through the API, with the searches referrer-bench measured
-- directly. Env: TOKEN, REFERRER_QUERIES (the file referrer-bench wrote).
local token = os.getenv("TOKEN")
local queries = {}
for line in io.lines(os.getenv("REFERRER_QUERIES") or "bench/data/referrer-queries.txt") do
  queries[#queries + 1] = line
end

local function encode(text)
  return (text:gsub("[^%w%-%.]", function(c) return string.format("%%%02X", string.byte(c)) end))
end

local next_query = 1
function request()
  local query = queries[next_query]
  next_query = next_query % #queries + 1
  return wrk.format("GET", "/api/referrers/?search=" .. encode(query), { ["jwt"] = token })
end

dofile("bench/report.lua")
