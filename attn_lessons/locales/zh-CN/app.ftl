### 应用名称与语言切换。

language-name = 简体中文
app-name = 注意力探索器
language-switch = 语言
