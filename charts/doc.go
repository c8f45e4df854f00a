// Package charts holds the content of the chart pattern (bar, line and donut charts and KPI tiles)
// and draws it as one SVG element with Go code: nice axis ticks, compact value labels, text fitted
// to the space it has, and touches for each of the four styles.
//
// Draw draws only the plot or tiles area; the page around it (title, subtitle, badge, background)
// belongs to the templates. Every string taken from content is escaped before it reaches the SVG.
package charts
