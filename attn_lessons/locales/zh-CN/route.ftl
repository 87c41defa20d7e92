### 学习路线：每一页的名称（侧边栏链接、首页的路线、上一页/下一页、浏览器标签、班级模式），
### 以及 .question 属性：这一页回答的问题。

route-home = 首页
    .question = 自注意力会对一个句子做什么？
route-builder = Q/K/V 构建器
    .question = Q、K、V 从哪里来？一个权重又是怎样一步步算到输出里的？
route-scaling = 缩放探索
    .question = 为什么要把分数除以 √d_k？
route-training = 训练实验室
    .question = √d_k 对学习有什么影响，而不只是对一次 softmax？
route-masks = 掩码与多头
    .question = 哪些位置之间允许注意？多个头又带来了什么？
route-induction = 训练好的模型内部
    .question = 模型学会之后，它的头看向哪里？为什么看那里？
route-mistakes = 常见错误
    .question = 常见的 bug 长什么样？怎样把它们找出来？
route-mask-mistakes = 掩码错误
    .question = 哪些掩码 bug 训练时不报错？怎样把它们找出来？
route-questions = 自我检测
    .question = 你能在应用给出答案之前答对这些问题吗？
route-teachers = 班级模式（教师）
    .question = 你的班级里现在哪些误解最常见？

route-tab-title = { $label } · 注意力探索器
route-notebook-title = 注意力探索器：{ $label }
route-next = 下一页：{ $label }
route-back = 上一页：{ $label }
