// The author's guide's height snippet (embedding.md, "Sizing the frames"), as this site's extra
// JavaScript: each frame of the game's pages on a docs page takes the height it posts.
addEventListener("message", (e) => {
  if (e.data?.source !== "mahjong" || e.data.type !== "height") return;
  for (const f of document.querySelectorAll("iframe")) if (f.contentWindow === e.source) f.style.height = e.data.detail.height + "px";
});
for (const f of document.querySelectorAll("iframe")) f.contentWindow.postMessage({ target: "mahjong", method: "height" }, "*");
