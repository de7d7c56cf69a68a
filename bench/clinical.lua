-- wrk script: the clinical summary through the API, as the app asks for it: a patient's
-- board (every section's count) and one section page, for patients spread over the
-- practice. Env: TOKEN, PATIENTS (how many patients the practice has; default 1000000).
dofile("bench/headers.lua")
local patients = tonumber(os.getenv("PATIENTS") or "1000000")
local sections = { "medications", "immunizations", "labs", "clinicalNotes", "problemList", "allergies" }
local paths = {}
local threads = 0

function setup(thread)
  threads = threads + 1
  thread:set("start", threads)
end

function init(args)
  math.randomseed(13 + (start or 0))
  for i = 1, 4000 do
    local id = math.random(1, patients)
    if i % 2 == 0 then
      paths[i] = "/api/patients/patient/" .. id .. "/clinicalCounts"
    else
      paths[i] = "/api/patients/patient/" .. id .. "/clinical/" .. sections[(i % #sections) + 1]
    end
  end
end

local next_path = 1
function request()
  local path = paths[next_path]
  next_path = next_path % #paths + 1
  return wrk.format("GET", path, api_headers())
end

dofile("bench/report.lua")
