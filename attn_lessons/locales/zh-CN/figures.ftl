### 共用图表自己的文字：密度直方图的系列与坐标轴。

figures-measured = 实测
figures-value = 取值
figures-density = 概率密度
