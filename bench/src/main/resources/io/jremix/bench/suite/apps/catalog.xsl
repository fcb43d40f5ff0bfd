<?xml version="1.0" encoding="UTF-8"?>
<!-- XalanTransform: product catalogs to HTML, grouped by category (Muenchian grouping), sorted, with totals. -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:output method="html" indent="no"/>
  <xsl:key name="by-cat" match="item" use="@category"/>
  <xsl:template match="/catalog">
    <html><head><title><xsl:value-of select="@name"/></title></head><body>
      <h1>Catalog <xsl:value-of select="@name"/> (<xsl:value-of select="count(item)"/> items)</h1>
      <xsl:for-each select="item[generate-id() = generate-id(key('by-cat', @category)[1])]">
        <xsl:sort select="@category"/>
        <h2><xsl:value-of select="@category"/></h2>
        <table>
          <xsl:apply-templates select="key('by-cat', @category)">
            <xsl:sort select="@cents" data-type="number" order="descending"/>
            <xsl:sort select="@id"/>
          </xsl:apply-templates>
        </table>
        <p class="subtotal">
          <xsl:value-of select="format-number(sum(key('by-cat', @category)/@cents) div 100, '#,##0.00')"/>
        </p>
      </xsl:for-each>
      <p id="total"><xsl:value-of select="sum(item/@cents)"/></p>
      <p id="good"><xsl:value-of select="count(item/reviews/review[@stars &gt;= 4])"/></p>
    </body></html>
  </xsl:template>
  <xsl:template match="item">
    <tr class="item">
      <td><xsl:value-of select="@id"/></td>
      <td><xsl:value-of select="translate(name, 'abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ')"/></td>
      <td><xsl:value-of select="format-number(@cents div 100, '0.00')"/></td>
      <td><xsl:for-each select="tags/tag"><xsl:sort select="."/><xsl:value-of select="."/>
        <xsl:if test="position() != last()">, </xsl:if></xsl:for-each></td>
      <td><xsl:choose>
        <xsl:when test="reviews/review">
          <xsl:value-of select="format-number(sum(reviews/review/@stars) div count(reviews/review), '0.0')"/>
        </xsl:when>
        <xsl:otherwise>-</xsl:otherwise>
      </xsl:choose></td>
    </tr>
  </xsl:template>
</xsl:stylesheet>
