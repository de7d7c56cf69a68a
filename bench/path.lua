-- wrk script: GET one path (env REQUEST_PATH) with the session token, again and again.
-- bench/paths.sh uses it to time requests that differ by one piece each.
dofile("bench/headers.lua")
local path = os.getenv("REQUEST_PATH")

function request()
  return wrk.format("GET", path, api_headers())
end

dofile("bench/report.lua")
