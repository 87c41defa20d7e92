### 应用名称与语言切换。

language-name = 简体中文
app-name = 注意力探索器
language-switch = 语言
language-unknown = 链接中要求的语言“{ $asked }”本应用暂不支持，页面以{ $using }显示。
