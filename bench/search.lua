-- wrk script: GET /api/patients?search=... cycling through the query file, with the
-- session token in the jwt header. Env: QUERIES (file), TOKEN.
local queries = {}
for line in io.lines(os.getenv("QUERIES")) do
  if #line > 0 then queries[#queries + 1] = line end
end
dofile("bench/headers.lua")
local threads = 0
local next_query = 1

local function encode(text)
  return (text:gsub("[^%w%-%._~]", function(c) return string.format("%%%02X", string.byte(c)) end))
end

function setup(thread)
  threads = threads + 1
  thread:set("start", threads * 7919)
end

function init(args)
  next_query = (start or 0) % #queries + 1
end

function request()
  local query = queries[next_query]
  next_query = next_query % #queries + 1
  return wrk.format("GET", "/api/patients?search=" .. encode(query), api_headers())
end

dofile("bench/report.lua")
