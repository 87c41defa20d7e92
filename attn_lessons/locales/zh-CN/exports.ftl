### Q/K/V 构建器的形状图中用文字命名的方框。

exports-weights = 权重
exports-output = 输出
