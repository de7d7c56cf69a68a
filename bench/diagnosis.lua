-- wrk script: the ICD-10-CM search through the API, with the queries diagnosis-bench
-- measured directly. Env: TOKEN, DIAGNOSIS_QUERIES (the file diagnosis-bench wrote).
local token = os.getenv("TOKEN")
local queries = {}
for line in io.lines(os.getenv("DIAGNOSIS_QUERIES") or "bench/data/diagnosis-queries.txt") do
  queries[#queries + 1] = line
end

local function encode(text)
  return (text:gsub("[^%w%-%.]", function(c) return string.format("%%%02X", string.byte(c)) end))
end

local next_query = 1
function request()
  local query = queries[next_query]
  next_query = next_query % #queries + 1
  return wrk.format("GET", "/api/diagnosis/?search=" .. encode(query), { ["jwt"] = token })
end

dofile("bench/report.lua")
