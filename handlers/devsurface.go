package handlers

import (
	"github.com/brandgen/brandgen/openapi"
	"github.com/brandgen/brandgen/playground"
	"github.com/gin-gonic/gin"
)

// devRoutes are the developer surface beside the API: the web playground (GET / and its assets)
// and the MCP tool server (POST /mcp, when Deps.MCP is set). Both are served but are not
// operations of the API document.
func (s *server) devRoutes() []route {
	pg := gin.WrapH(playground.Handler())
	why := "the web playground (an HTML page and its assets), not part of the API"
	rs := []route{
		{edge: edgeBare, hidden: why, handle: pg, Operation: openapi.Operation{Method: "GET", Path: "/"}},
		{edge: edgeBare, hidden: why, handle: pg, Operation: openapi.Operation{Method: "GET", Path: "/playground/*file"}},
	}
	if s.MCP == nil {
		return rs
	}
	// The tools call the REST routes in-process (the engine itself), where rate limits, validation
	// and metering apply to each call; here only the key is checked.
	if h := s.MCP(s.engine); h != nil {
		rs = append(rs, route{edge: edgeKey, handle: gin.WrapH(h),
			hidden:    "the MCP tool server (JSON-RPC over streamable HTTP); its tools are listed by tools/list",
			Operation: openapi.Operation{Method: "POST", Path: "/mcp"}})
	}
	return rs
}
