dofile("bench/headers.lua")

-- What the wrk scripts of a search share: `cycle_searches(prefix, file)` makes wrk's
-- request() send GET <prefix><query> for each line of `file` in turn, with the session
-- headers of bench/headers.lua. Loaded with dofile from the repository root.
local function encode(text)
  return (text:gsub("[^%w%-%.]", function(c) return string.format("%%%02X", string.byte(c)) end))
end

function cycle_searches(prefix, file)
  local queries = {}
  for line in io.lines(file) do
    queries[#queries + 1] = line
  end
  local next_query = 1
  request = function()
    local query = queries[next_query]
    next_query = next_query % #queries + 1
    return wrk.format("GET", prefix .. encode(query), api_headers())
  end
end
